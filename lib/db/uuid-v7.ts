// Time-ordered ids (RFC 9562 UUIDv7: a 48-bit millisecond timestamp, then 74 random bits) for
// rows written at high rates. Random v4 keys land on random pages of every b-tree they are
// indexed in, so each insert dirties a page that is cold in the cache (and, after a checkpoint,
// logs it in full); v7 keys of the same moment land on the same few right-most pages. Still
// unguessable: 74 random bits, from a pool refilled by the CSPRNG.
import { randomFillSync } from "node:crypto";

const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let next = POOL_IDS;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

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
  const h = (i: number) => HEX[b[o + i]];
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}
