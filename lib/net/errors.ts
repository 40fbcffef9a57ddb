// Failures of an outbound request, typed so executors can word them and decide retries.
export type OutboundFailure =
  | "refused" // SSRF guard or scheme: never retried
  | "too_large" // response over the cap
  | "too_many_redirects"
  | "bad_url"
  | "timeout"
  | "network"; // connection refused/reset, DNS failure: retried

export class OutboundError extends Error {
  readonly kind: OutboundFailure;
  constructor(kind: OutboundFailure, message: string) {
    super(message);
    this.kind = kind;
  }
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network";
  }
}

export const refused = (message: string) => new OutboundError("refused", `refused: ${message} (SSRF guard)`);

/** "a private address", "an unspecified address". */
export const aAddress = (label: string) => `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label} address`;
