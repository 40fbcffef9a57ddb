// A request whose client went away before it was answered (a browser tab navigated away
// mid-save, a script killed): no fault of the server, so not an error to alert on. Node ends the
// body of such a request with Error("aborted"), code ECONNRESET (node:_http_server's
// abortIncoming), which reaches the route as a failed read of req.body; Next 16 also aborts the
// request's signal then.
export class ClientClosedRequest extends Error {
  constructor(cause: unknown) {
    super("the client closed the request before it was answered", { cause });
    this.name = "ClientClosedRequest";
  }
}

/** A body read that failed because the client went away, as ClientClosedRequest. */
export function asClientClosed(e: unknown, req: Request): unknown {
  const err = e as { name?: unknown; code?: unknown; message?: unknown } | null;
  const looksAborted = !!err && (err.name === "AbortError" || err.code === "ECONNRESET" || err.message === "aborted");
  return looksAborted || req.signal?.aborted ? new ClientClosedRequest(e) : e;
}
