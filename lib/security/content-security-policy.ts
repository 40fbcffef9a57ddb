// The Content-Security-Policy values. A technician's session can read every client's workflows,
// so markup that slips through anywhere (a workflow, client or step name, a step's output in the
// run viewer) must not be able to run script: pages allow only the scripts carrying the nonce
// proxy.ts makes for each request (Next puts it on its own scripts), and what those load.

/** Answers no browser renders as a page (API JSON, the intake, /metrics, assets): nothing may load, nothing may frame them. */
export const MACHINE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A page the server writes itself with no script (the OAuth callback's error page): its style attribute applies, nothing else. */
export const PLAIN_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** A page's policy for one request. `dev`: `next dev`, whose React rebuilds server error stacks with eval. */
export function pageContentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': a nonced script may load more (Next's chunks); host lists and 'self' are
    // then ignored, so a script file an attacker could place on this origin does not run either.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Styles only, and no nonce here (a nonce would switch 'unsafe-inline' off): React Flow places
    // nodes and edges, and Radix its popovers, with style attributes, which no nonce can cover, and
    // CodeMirror adds its theme as style sheets at run time. A style cannot run script, and any
    // url() in one may only load from this origin (default-src), so it cannot send page text away.
    "style-src 'self' 'unsafe-inline'",
    // CodeMirror draws some marks (tabs, lint underlines) as data: SVG images; an <img> runs no script.
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post here only: sign-in and sign-out. OAuth Connect leaves by fetch + location.assign
    // (components/resources/oauth-connect.tsx), which form-action does not govern.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
