// /api itself and any /api path no route has outside /api/v1 (a mistyped version, /api/x,
// /api/health/<more>); optional so that the bare /api is matched too (proxy.ts leaves it alone):
// the API's 404 JSON, as /api/v1/[[...path]] answers inside it, not Next's HTML not-found page.
// The routes beside it (v1, health, auth) are more specific and still win.
import { notFound } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";

const unknownRoute = () => errorResponse(notFound("API route"));

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
export const OPTIONS = unknownRoute;
