// Time-ordered ids (RFC 9562 UUIDv7: a 48-bit millisecond timestamp, then 74 random bits) for
// rows written at high rates. Random v4 keys land on random pages of every b-tree they are
// indexed in, so each insert dirties a page that is cold in the cache (and, after a checkpoint,
// logs it in full); v7 keys of the same moment land on the same few right-most pages. Still
// unguessable: 74 random bits, from a pool refilled by the CSPRNG.
import { randomFillSync } from "node:crypto";

const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let next = POOL_IDS;

export function uuidv7(now = Date.now()): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const o = 16 * next++;
  const b = pool;
  // 48-bit big-endian milliseconds (two steps: bitwise operators are 32-bit).
  const high = Math.floor(now / 2 ** 32);
  const low = now >>> 0;
  b[o] = (high >>> 8) & 0xff;
  b[o + 1] = high & 0xff;
  b[o + 2] = low >>> 24;
  b[o + 3] = (low >>> 16) & 0xff;
  b[o + 4] = (low >>> 8) & 0xff;
  b[o + 5] = low & 0xff;
  b[o + 6] = (b[o + 6] & 0x0f) | 0x70; // version 7
  b[o + 8] = (b[o + 8] & 0x3f) | 0x80; // variant 10
  const hex = b.toString("hex", o, o + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
