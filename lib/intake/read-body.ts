// Reads a request body while counting, and stops the moment it passes the limit, so a chunked
// upload without Content-Length cannot make us buffer more than the limit.
export type BodyRead = { tooLarge: false; bytes: Buffer; size: number } | { tooLarge: true; size: number };

export async function readBody(body: AsyncIterable<Uint8Array> | null | undefined, limit: number): Promise<BodyRead> {
  if (!body) return { tooLarge: false, bytes: Buffer.alloc(0), size: 0 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // Leaving the loop early ends the iterator; the adapter decides what to do with the rest.
    if (size > limit) return { tooLarge: true, size };
    chunks.push(chunk);
  }
  const bytes = chunks.length === 1 ? toBuffer(chunks[0]) : Buffer.concat(chunks, size);
  return { tooLarge: false, bytes, size };
}

function toBuffer(c: Uint8Array): Buffer {
  return Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength);
}

/** The declared Content-Length, or null when absent or not a plain decimal number. */
export function declaredLength(value: string | readonly string[] | undefined | null): number | null {
  const v = typeof value === "string" ? value : value?.[0];
  if (!v || !/^\s*\d+\s*$/.test(v)) return null;
  return Number(v);
}
