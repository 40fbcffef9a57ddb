// The intake through the custom server's node:http fast path (production default).
import { intakeSuite } from "@/tests/integration/intake-suite";

intakeSuite("intake via the custom server fast path", {}, { rawPaths: true });
