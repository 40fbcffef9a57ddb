// Where to send the user after signing in: only a path on this site, never another origin.
// Accepts "/path?query" or an absolute http(s) URL (next-auth stores those in its callback-url
// cookie), and returns just the path part, normalised ("/a/../b" -> "/b").
const DUMMY_ORIGIN = "http://x.invalid";

/** Where signing in leads when no page was asked for. */
export const DEFAULT_LANDING = "/workspaces";

// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/host" or "/\host"
// becomes "//host", another site. Any control character, whitespace (Unicode included),
// invisible format character or backslash is refused outright rather than second-guessed.
const UNSAFE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || UNSAFE_CHARACTER.test(value)) return null;
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      const u = new URL(value);
      path = u.pathname + u.search + u.hash;
    } catch {
      return null;
    }
  }
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(path, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  // Whatever the parser made of it, it must still be a path on the same (dummy) site.
  if (url.origin !== DUMMY_ORIGIN) return null;
  const normalised = url.pathname + url.search + url.hash;
  if (normalised.startsWith("//")) return null;
  if (url.pathname === "/signin" || url.pathname.startsWith("/api/")) return null;
  return normalised;
}
