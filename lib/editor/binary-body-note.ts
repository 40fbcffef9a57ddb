// The line Executions and Test & Debug show above an output whose body is binary (an HTTP
// Request's PDF, image or download, kept as base64: lib/http-step/binary-body.ts): the output
// box shows only the start of a long text, and a screenful of base64 says nothing of what it is.
// Pure and client-safe.

/** "Binary body: 2,048 bytes (image/png), as base64", or null for any other output. */
export function binaryBodyNote(output: unknown): string | null {
  if (!output || typeof output !== "object" || Array.isArray(output)) return null;
  const { body, bodyEncoding, headers } = output as { body?: unknown; bodyEncoding?: unknown; headers?: unknown };
  if (bodyEncoding !== "base64" || typeof body !== "string") return null;
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  const bytes = Math.max(0, Math.floor((body.length * 3) / 4) - padding);
  const contentType = headers && typeof headers === "object" ? (headers as Record<string, unknown>)["content-type"] : undefined;
  const type = typeof contentType === "string" ? contentType.split(";")[0].trim() : "";
  return `Binary body: ${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}${type ? ` (${type})` : ""}, as base64`;
}
