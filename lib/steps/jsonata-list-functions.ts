// $max, $min and $sort for long lists. JSONata's own spread the list as arguments
// (Math.max.apply: "Maximum call stack size exceeded" from about 120,000 values) and merge with a
// slice per element ($sort of 20,000 numbers: 8 s and 900 MB, past its 1 s limit, which it checks
// only between evaluation steps; 50,000 ran a 2 GB heap out of memory, which kills the worker and
// every run it holds). These give the same results: a loop, and a stable sort that keeps JSONata's rule
// (the comparator answering true puts its first argument after the second).
import type jsonata from "jsonata";

function extreme(pick: (a: number, b: number) => boolean) {
  return (values: number[] | undefined): number | undefined => {
    if (values === undefined || values.length === 0) return undefined;
    let best = values[0];
    for (let i = 1; i < values.length; i++) if (pick(values[i], best)) best = values[i];
    return best;
  };
}

function allOf(values: unknown[], type: "number" | "string") {
  return values.every((v) => typeof v === type);
}

/** Stable bottom-up merge sort; `after(a, b)` true puts a after b. Each comparison is awaited, so
 *  a JSONata comparator still runs under the expression's time limit. */
async function mergeSort<T>(values: readonly T[], after: (a: T, b: T) => boolean | Promise<boolean>): Promise<T[]> {
  let src = [...values];
  let dst = new Array<T>(src.length);
  for (let width = 1; width < src.length; width *= 2) {
    for (let lo = 0; lo < src.length; lo += 2 * width) {
      const mid = Math.min(lo + width, src.length);
      const hi = Math.min(lo + 2 * width, src.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) dst[k++] = (await after(src[i], src[j])) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  return src;
}

async function sort(values: unknown[] | undefined, comparator?: (a: unknown, b: unknown) => unknown): Promise<unknown[] | undefined> {
  if (values === undefined) return undefined;
  if (values.length <= 1) return values;
  if (comparator === undefined) {
    // JSONata's own error for a list of mixed or other values (its message comes from the code).
    if (!allOf(values, "number") && !allOf(values, "string")) throw { code: "D3070", index: 1, stack: new Error().stack };
    // Numbers or strings alone: Array.prototype.sort is stable, and `>` is JSONata's order.
    return [...values].sort((a, b) => ((a as number) > (b as number) ? 1 : (a as number) < (b as number) ? -1 : 0));
  }
  return mergeSort(values, async (a, b) => Boolean(await comparator(a, b)));
}

/** Replaces the three for one compiled expression (its signatures as JSONata declares them). */
export function registerListFunctions(expr: jsonata.Expression): void {
  expr.registerFunction("max", extreme((a, b) => a > b), "<a<n>:n>");
  expr.registerFunction("min", extreme((a, b) => a < b), "<a<n>:n>");
  expr.registerFunction("sort", sort, "<af?:a>");
}

/** The same functions as JavaScript source for the sandbox isolate, where an expression holding a
 *  regular expression is evaluated (lib/sandbox/run-expression-isolate.ts): evaluated there, it is
 *  `registerListFunctions`. Written from these very functions, so the two paths cannot differ; each
 *  is a function declaration, which keeps their names in step however the file is compiled. */
export const LIST_FUNCTIONS_SOURCE = `(() => {\n${extreme}\n${allOf}\n${mergeSort}\n${sort}\nreturn ${registerListFunctions};\n})()`;
