// Reads a request body while counting, and stops the moment it passes the limit, so a chunked
// upload without Content-Length cannot make us buffer more than the limit.
import type { IncomingMessage } from "node:http";

export type BodyRead = { tooLarge: false; bytes: Buffer; size: number } | { tooLarge: true; size: number };

/**
 * How far past the limit the web-stream reader (the Next route's) keeps reading, discarding: Next
 * leaves a body it stopped reading on the connection, whose next request then waits for ever, and
 * the route cannot close the connection (it has no say over "Connection"). Drained, an oversized
 * delivery of up to this size leaves its connection usable; beyond it the reader gives up. (The
 * custom server's reader stops at the limit and answers with Connection: close instead.)
 */
export const DRAIN_LIMIT_BYTES = 16 * 1_048_576;

export async function readBody(body: AsyncIterable<Uint8Array> | null | undefined, limit: number): Promise<BodyRead> {
  if (!body) return { tooLarge: false, bytes: Buffer.alloc(0), size: 0 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) {
      // Leaving the loop early ends the iterator; past the drain limit the rest stays unread.
      if (size > DRAIN_LIMIT_BYTES) return { tooLarge: true, size };
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
  }
  if (size > limit) return { tooLarge: true, size };
  const bytes = chunks.length === 1 ? toBuffer(chunks[0]) : Buffer.concat(chunks, size);
  return { tooLarge: false, bytes, size };
}

/**
 * The same for a node:http request, with its events: an async iterator over the request costs
 * a generator, promises and end-of-stream bookkeeping per request, a tenth of the fast path's
 * JavaScript time for a 1 KB body. Past the limit it stops reading (pauses) without destroying
 * the request, so the 413 can still be written; node:http then discards the rest.
 */
export function readIncomingBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        resolve({ tooLarge: true, size });
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ tooLarge: false, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), size });
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    // The sender went away before the end of the body.
    const onClose = () => onError(new Error("request closed before the end of its body"));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
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
