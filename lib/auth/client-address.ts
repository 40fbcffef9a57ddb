// The caller's network address, for throttling sign-ins per address. Next fills
// x-forwarded-for from the socket when no proxy did; a proxy appends the address it saw, so the
// rightmost entry is the one written closest to this server.
type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderSource, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v.join(",") : v;
}

export function clientAddress(headers: HeaderSource): string | null {
  const forwarded = header(headers, "x-forwarded-for") ?? header(headers, "x-real-ip");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  if (!last) return null;
  // IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d; count them as a.b.c.d.
  return last.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").toLowerCase().slice(0, 100);
}
