// Group commit: requests that arrive while a transaction is committing wait together and are
// written by the next one, so throughput rises with load instead of paying one fsync per
// request. Each request's promise settles only after its own batch committed (or failed).
// Nothing waits on a timer when idle: a lone request is written on the next event-loop turn.
import type { BatchEntry, WriteResult } from "@/lib/intake/write-batch";

export type WriteFn = (entries: readonly BatchEntry[]) => Promise<WriteResult[]>;

/** The store could not be reached, or was too busy: the sender should retry later. */
export class StoreUnavailable extends Error {}
/** This one entry was refused by the database (bad data, or its workflow vanished); the rest of its batch committed. */
export class EntryRefused extends Error {
  constructor(readonly code: string | undefined) {
    super(`delivery refused by the database (${code ?? "unknown"})`);
  }
}

type Pending = { entry: BatchEntry; bytes: number; since: number; resolve: (r: WriteResult) => void; reject: (e: Error) => void };

export type GroupCommitOptions = {
  write: WriteFn;
  maxBatch?: number;
  /** Transactions committing at once; while they run, the next batch fills up. */
  maxInFlight?: number;
  /** Bytes of bodies waiting to be written before new requests are turned away with 503. */
  maxPendingBytes?: number;
  /** How long a request may wait for a batch to take it (while maxInFlight batches are stuck on a
   *  hung or locked database) before it is turned away with 503 unwritten. */
  maxQueueMs?: number;
  onError?: (e: unknown) => void;
};

export type GroupCommit = { submit: (entry: BatchEntry) => Promise<WriteResult> };

// Errors of one row's data rather than of the store: SQLSTATE classes 22 (data exception),
// 23 (integrity, e.g. the workflow was deleted meanwhile) and 54 (limits, e.g. nesting depth).
const isEntryError = (e: unknown) => /^(22|23|54)/.test(String((e as { code?: unknown }).code ?? ""));

// setTimeout waits a whole millisecond at least and fires up to one more late, while a commit
// here takes about one: the unknown-token path would be reliably slower than a real refusal
// (measured: 1.7 vs 0.9 ms). The last stretch is waited for turn by turn of the event loop
// (other I/O is served in between), to within a few microseconds.
function waitFor(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const until = performance.now() + ms;
    const turn = () => (performance.now() >= until ? resolve() : setImmediate(turn));
    if (ms > 3) setTimeout(turn, ms - 2);
    else turn();
  });
}

export function createGroupCommit(opts: GroupCommitOptions): GroupCommit {
  const maxBatch = opts.maxBatch ?? 512;
  const maxInFlight = opts.maxInFlight ?? 2;
  const maxPendingBytes = opts.maxPendingBytes ?? 64 * 1024 * 1024;
  const maxQueueMs = opts.maxQueueMs ?? 5_000;
  let queue: Pending[] = [];
  let sweep: NodeJS.Timeout | undefined;
  let pendingBytes = 0;
  let inFlight = 0;
  let scheduled = false;
  // Recent duration of batches that wrote something. A batch of only unknown-token requests
  // waits as long, so probing a URL cannot tell a real token from a made-up one by timing.
  let typicalMs = 2;

  // Writes `items`; when the database refuses one row, splits the batch to isolate it so one
  // bad delivery never costs the others their 202. Returns how to settle each item.
  const writeIsolating = async (items: Pending[]): Promise<(() => void)[]> => {
    try {
      const results = await opts.write(items.map((p) => p.entry));
      return items.map((p, i) => () => p.resolve(results[i]));
    } catch (e) {
      if (!isEntryError(e)) {
        opts.onError?.(e);
        const err = new StoreUnavailable((e as Error).message);
        return items.map((p) => () => p.reject(err));
      }
      if (items.length === 1) {
        const err = new EntryRefused((e as { code?: string }).code);
        return [() => items[0].reject(err)];
      }
      const mid = items.length >> 1;
      return [...(await writeIsolating(items.slice(0, mid))), ...(await writeIsolating(items.slice(mid)))];
    }
  };

  const flush = async (batch: Pending[]) => {
    inFlight++;
    const started = performance.now();
    const stores = batch.some((p) => p.entry.kind !== "none");
    try {
      // Entries of kind "none" ride along: they settle with the writes of their batch.
      const settle = await writeIsolating(batch);
      const took = performance.now() - started;
      if (stores) typicalMs = typicalMs * 0.8 + took * 0.2;
      else if (took < typicalMs) await waitFor(typicalMs - took);
      for (const s of settle) s();
    } finally {
      for (const p of batch) pendingBytes -= p.bytes;
      inFlight--;
      pump();
    }
  };

  // With the database hung or a table locked, each batch waits out the statement timeout (15 s)
  // and only maxInFlight of them run at once: everything queued behind waited for the next round
  // too, and the round after — 30 s for a burst of 40 deliveries, and growing without bound under
  // a steady stream, every sender's connection held meanwhile (found by QA). A request still
  // queued after maxQueueMs is answered 503 instead, never written (it is in no batch), so a
  // sender hears within maxQueueMs plus one batch's bounds. Queued in arrival order: the oldest first.
  const expireQueued = () => {
    sweep = undefined;
    const now = performance.now();
    let n = 0;
    while (n < queue.length && now - queue[n].since >= maxQueueMs) n++;
    if (n > 0) {
      const expired = queue.slice(0, n);
      queue = queue.slice(n);
      const err = new StoreUnavailable(`the database took no batch for ${maxQueueMs / 1000} s`);
      opts.onError?.(new Error(`${n} deliveries waited ${maxQueueMs / 1000} s for the database to take them and were answered 503 unwritten`));
      for (const p of expired) {
        pendingBytes -= p.bytes;
        p.reject(err);
      }
    }
    watchQueue();
  };
  const watchQueue = () => {
    if (sweep === undefined && queue.length > 0) sweep = setTimeout(expireQueued, Math.max(0, queue[0].since + maxQueueMs - performance.now())).unref();
  };

  const pump = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      void flush(batch);
    }
    watchQueue();
  };

  const submit = (entry: BatchEntry): Promise<WriteResult> =>
    new Promise((resolve, reject) => {
      const bytes = entry.kind === "run" ? entry.trigger.length : 0;
      if (pendingBytes + bytes > maxPendingBytes) return reject(new StoreUnavailable("intake queue full"));
      pendingBytes += bytes;
      queue.push({ entry, bytes, since: performance.now(), resolve, reject });
      // setImmediate: every request parsed in this turn of the event loop joins the batch.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      } else watchQueue();
    });

  return { submit };
}
