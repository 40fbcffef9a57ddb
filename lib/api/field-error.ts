// A 400 about one field of the body, shaped like every body's 400 (handler.ts's errorResponse for
// a zod error): `field` and `issues[].path` name it, so a client points at it the same way.
import { badRequest, type AppError } from "@/lib/api/errors";

/** `problem`: what is wrong with it (the issue's message); the message is `field: problem`. */
export const fieldError = (field: string, problem: string, details?: Record<string, unknown>): AppError =>
  badRequest(`${field}: ${problem}`, { field, issues: [{ path: field, message: problem }], ...details });
