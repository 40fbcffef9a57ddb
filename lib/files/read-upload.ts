// Reads an upload's body into memory, refusing it (413) as soon as it passes the limit, so a
// huge body costs at most the limit in memory rather than its own size.
import { AppError } from "@/lib/api/errors";
import { asClientClosed } from "@/lib/api/client-closed-request";
import { MAX_FILE_BYTES } from "@/lib/files/file-schema";

const tooLarge = () => new AppError(413, "file_too_large", `a file may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`, { maxBytes: MAX_FILE_BYTES });

export async function readUpload(req: Request, max = MAX_FILE_BYTES): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch((e: unknown) => {
      throw asClientClosed(e, req);
    });
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}
