// When a failed autosave is sent again by itself. A save that got no answer (the network dropped,
// the server restarting) or a passing server trouble (5xx, 408, 429) is retried with a growing
// delay; a refusal (any other 4xx: invalid, forbidden, session ended, someone else's version)
// would be refused again, so it waits for the user. Pure, unit-tested.

/** `status`: the HTTP status of the answer, or null when there was none. */
export function isTransientSaveFailure(status: number | null): boolean {
  return status === null || status >= 500 || status === 408 || status === 429;
}

export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;

/** The wait before retry number `attempt` (0 for the first): 2 s, 4 s, 8 s … up to a minute. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt), MAX_RETRY_MS);
}

/** What the header says about a save that got no answer. */
export const UNREACHABLE = "couldn't reach the server (check the connection)";
