// Where to send the user after signing in: only a path on this site, never another origin.
// Accepts "/path?query" or an absolute http(s) URL (next-auth stores those in its callback-url
// cookie), and returns just the path part.
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value) return null;
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const u = new URL(value);
      path = u.pathname + u.search + u.hash;
    } catch {
      return null;
    }
  }
  // "//host" and "/\host" are protocol-relative URLs to another site in browsers.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  if (path === "/signin" || path.startsWith("/signin?") || path.startsWith("/api/")) return null;
  return path;
}
