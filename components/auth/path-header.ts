// Request header proxy.ts sets to the requested path, so server components (which cannot see
// the URL) can send the user back there after signing in.
export const PATH_HEADER = "x-mspflow-path";
