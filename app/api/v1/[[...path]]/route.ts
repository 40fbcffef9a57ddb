// /api/v1 itself and any /api/v1 path no route matches: 404 JSON, as every other API error (Next
// would answer with its HTML not-found page, and its automatic OPTIONS with a 204). Optional
// catch-all so that the bare /api/v1 is matched too.
import { notFound } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";

const unknownRoute = () => errorResponse(notFound("API route"));

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
export const OPTIONS = unknownRoute;
