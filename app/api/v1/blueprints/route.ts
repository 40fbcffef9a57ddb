// The blueprint gallery: every blueprint's card, steps and setup form (JSON Schema).
import { apiRoute } from "@/lib/api/handler";
import { BLUEPRINTS } from "@/lib/blueprints";
import { toBlueprintView } from "@/lib/blueprints/blueprint-view";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute(async () => ({ blueprints: BLUEPRINTS.map(toBlueprintView) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
