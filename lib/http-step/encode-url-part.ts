// How a value from a reference is percent-encoded in each part of an HTTP step's URL. One
// definition for both users: the URL builder (resolve-url-template.ts) and the secret masking
// (lib/secrets/redact-secrets.ts), which must know every form a secret takes in a URL that is
// logged or named in an error. Each encoding's output is left as it is by the WHATWG URL parser
// (`new URL`), so the text sent and logged is exactly this form.

/** One path segment: `/` encoded too; `:` and `@` stay, as RFC 3986 allows (a UPN, a drive). */
export const encodePathSegment = (v: string): string => encodeURIComponent(v).replace(/%3A/gi, ":").replace(/%40/gi, "@");

/** A query or fragment component: `& = + # /` encoded, and `'`, which the URL parser would
 *  otherwise turn into %27 in the query (so the form a secret takes would differ from this). */
export const encodeQueryComponent = (v: string): string => encodeURIComponent(v).replace(/'/g, "%27");

/** The user name or password before an `@`. */
export const encodeUserinfo = (v: string): string => encodeURIComponent(v);

/** A value that starts the path, query or fragment right after a host (`https://x{{ 1.path }}`):
 *  its `/`, `?` or `#` as written, then a path's pieces each as a segment, or the rest of a
 *  query or fragment as a component. Only for a value starting with one of those three. */
export const encodePathStart = (v: string): string =>
  v[0] !== "/" ? v[0] + encodeQueryComponent(v.slice(1)) : v.split("/").map(encodePathSegment).join("/");
