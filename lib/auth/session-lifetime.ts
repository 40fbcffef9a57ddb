// How long a browser session lives without being used, shared by next-auth's cookie and the
// BrowserSession rows that record it.
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** A session not seen since this moment has expired (its cookie would be refused anyway). */
export const sessionCutoff = (now = Date.now()) => new Date(now - SESSION_MAX_AGE_SECONDS * 1000);

// lastSeenAt is written at most this often per session: a write per request would cost more
// than the request, and "last active" to within minutes is what the sessions list needs.
export const SESSION_TOUCH_MS = 5 * 60_000;
