// The app catalog: every app an account can be created for, its auth kinds and default base URL.
import { apiRoute } from "@/lib/api/handler";
import { APP_CATALOG } from "@/lib/connections/app-catalog";

export const GET = apiRoute(async () => ({ apps: APP_CATALOG }));
