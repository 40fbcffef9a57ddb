// Any /api/v1 path no route matches: 404 JSON, as every other API error (Next would answer with
// its HTML not-found page).
import { notFound } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";

const unknownRoute = () => errorResponse(notFound("API route"));

export const GET = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
