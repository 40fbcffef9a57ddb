// Typed errors that route handlers turn into JSON: {"error": code, "message": …, …details}.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "resource") => new AppError(404, "not_found", `${what} not found`);
export const unauthorized = (message = "sign in or send a valid API token (Authorization: Bearer …)") =>
  new AppError(401, "unauthorized", message);
export const forbidden = (message = "your role does not allow this") => new AppError(403, "forbidden", message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, "invalid_request", message, details);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
export const passwordChangeRequired = () =>
  new AppError(403, "password_change_required", "this account still has a temporary password: choose your own first (in the browser, which asks for it at sign-in)");
/** A session-cookie request that changes data, sent from a page of another origin (CSRF). */
export const crossOriginRefused = () =>
  new AppError(403, "cross_origin_refused", "cross-origin request refused: a signed-in browser may change data only from this app's own pages (scripts: use an API token)");
