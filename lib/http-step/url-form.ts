// Which of the forms an HTTP Request's URL may take it is in. A relative URL is a path ("/devices/…",
// as the blueprints write them), which an account's base URL completes; anything else that is not
// http(s) — `api.example.com/tickets`, `127.0.0.1:4298/x`, `ftp://…` — is a mistake to name as
// one, not a relative URL waiting for an account. Go live, the editor, runs and the executor all
// judge a URL here, so they say the same thing. Pure and client-safe.

/** `templated`: starts with a reference, which may hold the scheme and host
 *  (`{{ vars.PSA_URL }}/tickets`); it is judged again once resolved, at run time. */
export type UrlForm = "blank" | "absolute" | "templated" | "path" | "other";

/** What a URL must look like, as a message about the URL field. */
export const URL_FORM_RULE = "URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes)";

export function urlForm(url: unknown): UrlForm {
  if (typeof url !== "string" || url.trim() === "") return "blank";
  const u = url.trim();
  if (/^https?:\/\//i.test(u)) return "absolute";
  if (u.startsWith("{{")) return "templated";
  if (u.startsWith("/")) return "path";
  return "other";
}
