// The few parts of the POSIX ustar format a database backup needs: regular files and directories
// with relative paths, read back as a stream. Written by us rather than by a tar package because a
// live data directory changes while it is read: a file may grow or shrink between its header and
// its last byte, and the header's size must stay true (the entry is cut or padded with zeros, as
// pg_basebackup does — the WAL replayed at restore rewrites every page changed meanwhile).
import type { Readable } from "node:stream";

const BLOCK = 512;
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export type TarEntry = { path: string; type: "file" | "directory"; size: number; mode: number };

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** The 512-byte header of an entry. Paths longer than 100 bytes go to the 155-byte prefix. */
export function tarHeader(entry: TarEntry): Buffer {
  const h = Buffer.alloc(BLOCK);
  let name = entry.type === "directory" && !entry.path.endsWith("/") ? `${entry.path}/` : entry.path;
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155) throw new Error(`path too long for a tar entry: ${entry.path}`);
  }
  if (entry.size > 0o77777777777) throw new Error(`file too large for a tar entry: ${entry.path}`);
  h.write(name, 0, 100, "utf8");
  h.write(octal(entry.mode & 0o7777, 8), 100, 8, "ascii");
  h.write(octal(0, 8), 108, 8, "ascii");
  h.write(octal(0, 8), 116, 8, "ascii");
  h.write(octal(entry.type === "file" ? entry.size : 0, 12), 124, 12, "ascii");
  h.write(octal(Math.floor(Date.now() / 1000), 12), 136, 12, "ascii");
  h.write(entry.type === "file" ? "0" : "5", 156, 1, "ascii");
  h.write("ustar\0", 257, 6, "ascii");
  h.write("00", 263, 2, "ascii");
  h.write(prefix, 345, 155, "utf8");
  h.fill(" ", 148, 156); // the checksum is computed with its own field as spaces
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + " ", 148, 8, "ascii");
  return h;
}

/** Zeros that complete an entry of `size` bytes to whole blocks. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * The entries of a tar stream, in order. `onEntry` is given each entry and, for a file, its
 * content as chunks; the next entry is read only once it has returned.
 */
export async function readTar(input: Readable, onEntry: (entry: TarEntry, content: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  const take = async (n: number): Promise<Buffer | null> => {
    while (pending.length < n) {
      const next = await iterator.next();
      if (next.done) return null;
      pending = Buffer.concat([pending, next.value]);
    }
    const out = pending.subarray(0, n);
    pending = pending.subarray(n);
    return out;
  };
  for (;;) {
    const header = await take(BLOCK);
    if (!header) throw new Error("the backup ends before its end-of-archive marker: it is truncated");
    if (header.every((b) => b === 0)) return;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString("utf8").replace(/\0.*$/s, "");
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (sum !== parseInt(field(148, 8).trim(), 8)) throw new Error("the backup is damaged (a tar header's checksum does not match)");
    const prefix = field(345, 155);
    const name = field(0, 100);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/\/$/, "");
    const typeflag = field(156, 1);
    const type = typeflag === "5" ? "directory" : typeflag === "0" || typeflag === "" ? "file" : null;
    if (!type) throw new Error(`the backup holds an entry of a kind it never writes (${typeflag}): ${path}`);
    if (path.startsWith("/") || path.split("/").includes("..")) throw new Error(`the backup names a path outside its directory: ${path}`);
    const size = type === "file" ? parseInt(field(124, 12).trim(), 8) : 0;
    const mode = parseInt(field(100, 8).trim(), 8);
    let left = size;
    async function* content(): AsyncIterable<Buffer> {
      while (left > 0) {
        if (pending.length === 0) {
          const next = await iterator.next();
          if (next.done) throw new Error(`the backup ends inside ${path}: it is truncated`);
          pending = next.value;
        }
        const chunk = pending.subarray(0, Math.min(left, pending.length));
        pending = pending.subarray(chunk.length);
        left -= chunk.length;
        yield chunk;
      }
    }
    await onEntry({ path, type, size, mode }, content());
    for await (const chunk of content()) void chunk; // what onEntry did not read
    if ((await take(tarPadding(size).length)) === null && size % BLOCK !== 0) throw new Error(`the backup ends inside ${path}: it is truncated`);
  }
}
