// When `npm start` starts a crashed process again: after 1 s, doubling up to 30 s, back to 1 s
// once it has run a minute; and not at all on a crash loop (the 5th crash within 5 minutes),
// where starting it again would only hide a fault that needs a person (a port taken, a bad
// setting, a corrupt data directory) behind an endless stream of restarts.
export type RestartPolicy = {
  /** The process is running again (after a restart). */
  started: () => void;
  /** It crashed: milliseconds to wait before starting it again, or null to give up. */
  crashed: () => number | null;
};

export const RESTART_POLICY = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000, maxCrashes: 5, windowMs: 5 * 60_000 };

export function createRestartPolicy(opts: Partial<typeof RESTART_POLICY> & { now?: () => number } = {}): RestartPolicy {
  const { initialMs, maxMs, resetAfterMs, maxCrashes, windowMs } = { ...RESTART_POLICY, ...opts };
  const now = opts.now ?? Date.now;
  let delay = initialMs;
  let startedAt = now();
  const crashes: number[] = [];
  return {
    started: () => {
      startedAt = now();
    },
    crashed: () => {
      const t = now();
      if (t - startedAt >= resetAfterMs) delay = initialMs;
      crashes.push(t);
      while (crashes.length && crashes[0] <= t - windowMs) crashes.shift();
      if (crashes.length >= maxCrashes) return null;
      const wait = delay;
      delay = Math.min(maxMs, delay * 2);
      return wait;
    },
  };
}
