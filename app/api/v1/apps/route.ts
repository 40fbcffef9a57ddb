// The app catalog: every app an account can be created for, its auth kinds and default base URL.
import { apiRoute } from "@/lib/api/handler";
import { APP_CATALOG } from "@/lib/connections/app-catalog";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute(async () => ({ apps: APP_CATALOG }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
