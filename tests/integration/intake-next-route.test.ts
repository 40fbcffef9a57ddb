// The same intake suite through Next's route handler (app/hooks/[token]/route.ts).
import { intakeSuite } from "@/tests/integration/intake-suite";

intakeSuite("intake via the Next route handler", { INTAKE_FAST_PATH: "false" });
