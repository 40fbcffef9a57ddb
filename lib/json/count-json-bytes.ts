// How large a value is as JSON, at least, without writing the JSON: a step's output is refused
// over 16 MB (lib/runs/execute-step.ts), and JSON.stringify of an output that is far over — a
// list of 30 texts of 16 million characters each, which texts joined cheaply in memory make
// possible — wrote 480 MB for 10 s before the size could be checked. Reading the lengths of its
// texts takes no time whatever they hold.

/**
 * A lower bound of `value`'s size as JSON in UTF-8 bytes, counted until it passes `stopAbove`:
 * each text and each kept member name counts its UTF-16 length (never more bytes than that), each
 * list or object its two brackets, each number, true, false or null at least one. Quotes, commas,
 * escapes and multi-byte characters only add to it. An object with its own toJSON (a Date) is not
 * looked into, as it writes something else. Stopping matters: one object held twice at each of 40
 * levels is 2^40 objects to JSON, and so is counted only until it is sure to be too large. Walks
 * with its own stack, so any depth is read. An object `skip` answers true for (what is not data
 * to its caller, a JSONata function) counts nothing.
 */
export function countJsonBytes(value: unknown, stopAbove: number, skip?: (v: object) => boolean): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= stopAbove) {
    const v = stack.pop();
    if (typeof v === "string") bytes += v.length;
    else if (typeof v === "number" || typeof v === "boolean" || v === null) bytes += 1;
    else if (typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON !== "function" && !skip?.(v)) {
      bytes += 2;
      if (Array.isArray(v)) {
        for (const item of v) stack.push(item);
      } else {
        for (const [key, item] of Object.entries(v)) {
          // A member JSON leaves out (an undefined or function value) writes no name either.
          if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
          bytes += key.length;
          stack.push(item);
        }
      }
    }
  }
  return bytes;
}
