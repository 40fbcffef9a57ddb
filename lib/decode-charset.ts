// Text bodies in the charset their Content-Type declares: webhook deliveries (lib/intake) and
// the responses an HTTP Request step reads (lib/http-step). Read as UTF-8, "Grüße" sent in
// Latin-1 came out as "Gr��e". JSON is UTF-8 whatever a charset says (RFC 8259): callers decide
// which bodies are text.

/**
 * A decoder for the declared charset (`text/plain; charset=iso-8859-1`, windows-1252 …) when it is
 * not UTF-8 and the platform knows it; otherwise null and the body is read as UTF-8, its invalid
 * bytes becoming U+FFFD.
 */
export function decoderFor(contentType: string | null | undefined): TextDecoder | null {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType) : null;
  const charset = m?.[1].toLowerCase();
  if (!charset || charset === "utf-8" || charset === "utf8") return null;
  try {
    return new TextDecoder(charset);
  } catch {
    return null; // a charset nobody knows: read as UTF-8
  }
}

/** The body as text in its declared charset (UTF-8 when none, or one nobody knows). */
export function decodeText(bytes: Buffer, contentType: string | null | undefined): string {
  const decoder = decoderFor(contentType);
  return decoder ? decoder.decode(bytes) : bytes.toString("utf8");
}
