// Watches what one execution adds to the sandbox child's resident memory. isolated-vm's
// memoryLimit counts the isolate's V8 heap and the ArrayBuffers V8 allocates through it, but not
// memory V8 maps by itself: a resizable ArrayBuffer or growable SharedArrayBuffer (`resize`,
// `grow`, `transfer`), nor the up to 1 GB of extra heap isolated-vm lends V8 near the limit and
// checks only at the next full collection (so an array of a GB made and dropped within one call
// passed). A child runs one execution at a time, so what its resident memory gains meanwhile is
// that execution's. Polled from the child's event loop, which is free while the code runs on
// isolated-vm's own thread.
const POLL_MS = 5;

// V8's heap occupies more pages than its used size (a heap of 132 MB used, just within
// isolated-vm's limit, kept 149 MB resident), so the watch allows half the limit again: the heap
// itself stays under isolated-vm's exact limit, and everything else under this one.
export const RESIDENT_ALLOWANCE = 1.5;

export type MemoryWatch = {
  /** The most the child's resident memory grew (bytes) since the watch began; stops the polling. */
  stop: () => number;
};

/** Calls `onOver` (once) when the child's resident memory has grown by more than `budgetBytes`. */
export function watchMemory(budgetBytes: number, onOver: () => void): MemoryWatch {
  const start = process.memoryUsage.rss();
  let peak = 0;
  let over = false;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss() - start);
    if (!over && peak > budgetBytes) {
      over = true;
      onOver();
    }
  };
  const timer = setInterval(sample, POLL_MS);
  let stopped = false;
  return {
    stop: () => {
      if (!stopped) {
        stopped = true;
        clearInterval(timer);
        peak = Math.max(peak, process.memoryUsage.rss() - start);
      }
      return peak;
    },
  };
}
