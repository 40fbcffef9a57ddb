// http step: one request through the SSRF-guarded client, with auth from an app connection.
// Non-2xx fails the step (retryable for 429/5xx, honouring Retry-After); the response is the
// step's output either way. Continue on error passes a failure on as a success instead, once it
// is final: a retryable one only on the last attempt, so the retries still happen. Credentials
// are added after references are resolved and redacted from anything the server echoes back, and
// stay with the first origin across redirects (headers dropped, a body carrying them not
// re-sent). Requests that change something carry an Idempotency-Key.
import type { ConnectionHeaders } from "@/lib/connections/connection-headers";
import { TokenError } from "@/lib/connections/fetch-oauth-token";
import type { LoadedConnection } from "@/lib/connections/get-connection-credentials";
import { loadStepConnection } from "@/lib/connections/load-step-connection";
import { redactCredentials } from "@/lib/connections/redact-credentials";
import { sendWithAccount } from "@/lib/connections/send-with-account";
import { accountUrlProblem, accountUrlRemedy, describeAccountUrlProblem, hostFromRunData, readsWorkspaceValue } from "@/lib/http-step/account-url-problem";
import { buildHttpRequest, type BuiltRequest, type HttpConfig } from "@/lib/http-step/build-http-request";
import { resolveUrlTemplate } from "@/lib/http-step/resolve-url-template";
import { PIECE, secretPieceInRequest } from "@/lib/http-step/secret-in-request";
import { secretSentToDataHost, secretToDataHostMessage, sendsSecret } from "@/lib/http-step/secret-to-data-host";
import { toText } from "@/lib/http-step/to-text";
import { describeSentRequest } from "@/lib/http-step/describe-sent-request";
import { bodyExcerpt, flattenHeaders, isRetryableStatus, readBody, retryAfterMs, safeUrl } from "@/lib/http-step/read-http-response";
import { OutboundError } from "@/lib/net/errors";
import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from "@/lib/net/guarded-fetch";
import { httpConfig } from "@/lib/steps/catalog";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";
import { loadWorkspaceValues } from "@/lib/variables/load-workspace-values";
import { MAX_STEP_ATTEMPTS, StepError, type StepContext, type StepExecutor } from "./types";

export type OutboundDeps = {
  loadConnection: (opts: { connectionId: string; workspaceId: string; expectKinds?: string[] }) => Promise<LoadedConnection>;
  /** The workspace's secret values by key, read only for a request to a host a run's data makes
   *  (secret-in-request.ts); unset (tests), no such check. */
  loadSecrets?: (workspaceId: string) => Promise<Record<string, string | null>>;
  /** SSRF policy and resolver overrides (tests); default: the process's. */
  net?: Pick<GuardedFetchOptions, "policy" | "resolver">;
};
const loadSecrets = async (workspaceId: string) => (await loadWorkspaceValues({ workspaceIds: [workspaceId] })).get(workspaceId)?.secrets ?? {};
export const defaultOutboundDeps: OutboundDeps = { loadConnection: loadStepConnection, loadSecrets };

const HTTP_KINDS = ["none", "bearer", "basic", "api_key", "oauth2_client_credentials", "oauth2_authorization_code", "openai"];

// One step of one run may send its request more than once: again after a 429, 5xx or network
// error, and again when a worker died mid-request (at-least-once, like any job queue). Every
// such attempt carries the same key, so a receiver that honours Idempotency-Key (Stripe-style
// APIs, the IETF draft) applies it once. A step that sets the header itself keeps its value, and
// one that sets it empty sends none: a receiver that stores its first answer for a key (Stripe
// does, 5xx included) would otherwise replay a failure to every retry.
const CHANGES_SOMETHING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const idempotencyKey = (runId: string, stepId: string) => `${runId}.${stepId}`;

// An account with a base URL is for that system: its credentials go to that origin only. A URL
// templated from delivery data (`https://{{ 1.host }}/…`) could otherwise carry them to any host
// a sender names. An account without a base URL (a generic one) is sent only to a host the
// workspace chose (written in the step, or a variable's or secret's value): one a run's data
// makes is refused before anything is sent. Going Live refuses it too (account-url-problem.ts);
// this holds for a workflow Live from before.
function assertAccountTemplate(template: string, connection: LoadedConnection): void {
  if (connection.baseUrl) return;
  const problem = accountUrlProblem(template, null);
  if (problem?.kind === "host_from_data") {
    throw new StepError(`${describeAccountUrlProblem(problem, `account "${connection.name}"`)}; nothing was sent: ${accountUrlRemedy(problem)}`);
  }
}

// A step's own `{{ secrets.X }}` (a header, the query, the body, the URL) follows the same rule
// (secret-to-data-host.ts): without an account the engine refuses such a step before calling
// this (find-missing-fields.ts); with one, it is judged here, where the account is known (one
// without a base URL has failed assertAccountTemplate already; one with a base URL is held to its
// origin by assertAccountOrigin below).
function assertSecretTemplate(config: HttpConfig, connection: LoadedConnection | null): void {
  const accounts = connection && config.connectionId ? new Map([[config.connectionId, connection]]) : null;
  const problem = secretSentToDataHost(config, accounts);
  if (problem) throw new StepError(secretToDataHostMessage(problem, true));
}

const ACCOUNT_RULE = "the account has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable";
const SECRET_RULE = "the step sends a secret: a secret is sent only to a host written in the URL or taken from a variable or secret";

// The one thing that must hold, checked on the URL as resolved: with every value a run's data
// gave replaced by a stand-in, the URL goes to the same origin (the data was path or query).
function originFromData(url: string, template: string, resolve: StepContext["resolve"]): boolean {
  let probe: string;
  try {
    const standIn: StepContext["resolve"] = (v) => (typeof v === "string" && !readsWorkspaceValue(v) ? { value: "x", unresolved: [] } : resolve(v));
    probe = new URL(resolveUrlTemplate(template, standIn).trim()).origin;
  } catch {
    probe = "";
  }
  return new URL(url).origin !== probe;
}

function assertOriginNotFromData(url: string, template: string, resolve: StepContext["resolve"], rule: string): void {
  if (originFromData(url, template, resolve)) {
    throw new StepError(`the URL's host ${new URL(url).host} comes from a run's data, and ${rule}; nothing was sent`);
  }
}

// A request without an account to a host a run's data makes may still carry a secret an earlier
// step put in its output in pieces the mask does not know (secret-in-request.ts): it is refused
// before sending, naming where and whose, never the piece.
async function assertNoSecretPiece(req: BuiltRequest, workspaceId: string, deps: OutboundDeps): Promise<void> {
  if (!deps.loadSecrets) return;
  const found = secretPieceInRequest(req, await deps.loadSecrets(workspaceId));
  if (!found) return;
  throw new StepError(
    `${found.where} carries part of secret ${found.secret} (${PIECE} or more of its characters in a row), and the URL's host comes from a run's data: ` +
      `a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; ` +
      `nothing was sent: keep the secret out of earlier steps' outputs (read it here with {{ secrets.${found.secret} }}) and write the host in the URL, or take it from a variable or secret`,
  );
}

function assertAccountOrigin(url: string, baseUrl: string): void {
  let own: string;
  let target: URL;
  try {
    own = new URL(baseUrl).origin;
    target = new URL(url);
  } catch {
    return; // an unparsable URL fails in the request itself, naming it
  }
  if (target.origin !== own) {
    throw new StepError(`the URL's host ${target.host} is not the account's (${new URL(own).host}): an account's credentials are sent only to its base URL; use a relative URL, or no account`);
  }
}

// Headers the step sets that carry credentials stay with the first origin, like Authorization
// and an account's own headers: a redirect to another host (an API moved, or a sender-chosen
// URL) must not take an `X-Api-Key: {{ secrets.KEY }}` along. Credentials are a header whose
// value or name reads a secret, or whose name says it is one. The names dropped are the ones the
// request carries: a name the step takes from a reference (`{{ secrets.HN }}: …`, `{{ 1.header }}`)
// is sent as its value, not as the template the config holds.
// (Not a bare "key": Idempotency-Key is for the request wherever it lands.)
const CREDENTIAL_NAME = /(^|[-_])(api[-_]?key|access[-_]?key|secret[-_]?key|private[-_]?key|subscription[-_]?key|token|auth|authentication|secret|password|passwd|session|signature|cookie)($|[-_])/i;

const readsSecret = (text: string): boolean => [...text.matchAll(REFERENCE_PATTERN)].some(([, inner]) => parseReference(inner)?.type === "secrets");

function credentialHeaderNames(headers: readonly { name: string; value: string }[], resolve: StepContext["resolve"]): string[] {
  return headers.flatMap((h) => {
    const sent = toText(resolve(h.name).value).trim();
    const credential = CREDENTIAL_NAME.test(h.name.trim()) || CREDENTIAL_NAME.test(sent) || readsSecret(h.name) || readsSecret(h.value);
    return credential ? [sent.toLowerCase()] : [];
  });
}

// A 307/308 sends the body again, to wherever the Location points (fetch's rule, which strips
// only Authorization). A body that reads a secret, or a form with a field named as a credential
// (`client_secret`, `password`: the OAuth and login style), must not reach another host that
// way: such a redirect fails the step instead, naming it. Any other body follows as before.
function bodyCarriesCredentials(body: HttpConfig["body"]): boolean {
  if (body.type === "none") return false;
  if (body.type === "raw") return readsSecret(body.raw);
  if (body.type === "binary") return readsSecret(body.base64);
  if (body.type === "form") return body.fields.some((f) => CREDENTIAL_NAME.test(f.name.trim()) || readsSecret(f.name) || readsSecret(f.value));
  const walk = (v: unknown): boolean => {
    if (typeof v === "string") return readsSecret(v);
    if (Array.isArray(v)) return v.some(walk);
    if (v && typeof v === "object") return Object.entries(v).some(([k, x]) => readsSecret(k) || walk(x));
    return false;
  };
  return walk(body.json);
}

const contentTypeOf = (headers: Record<string, string>) => Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
const describeBytes = (n: number, type: string) => `${n.toLocaleString("en-US")} ${n === 1 ? "byte" : "bytes"}${type ? ` (${type.split(";")[0].trim()})` : ""}`;

export function createHttpExecutor(deps: OutboundDeps = defaultOutboundDeps): StepExecutor {
  return async (ctx) => {
    const parsed = httpConfig.safeParse(ctx.step.config);
    if (!parsed.success) throw new StepError(`invalid http step config: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
    const config = parsed.data;
    const connection = config.connectionId
      ? await deps.loadConnection({ connectionId: config.connectionId, workspaceId: ctx.workspaceId, expectKinds: HTTP_KINDS })
      : null;
    if (connection) assertAccountTemplate(config.url, connection);
    assertSecretTemplate(config, connection);
    const req = buildHttpRequest(config, ctx.resolve, connection?.baseUrl);
    if (connection?.baseUrl) assertAccountOrigin(req.url, connection.baseUrl);
    else if (connection) assertOriginNotFromData(req.url, config.url, ctx.resolve, ACCOUNT_RULE);
    else if (sendsSecret(config)) assertOriginNotFromData(req.url, config.url, ctx.resolve, SECRET_RULE);
    if (!connection && (hostFromRunData(config.url) || originFromData(req.url, config.url, ctx.resolve))) await assertNoSecretPiece(req, ctx.workspaceId, deps);
    const ownKey = Object.keys(req.headers).find((k) => k.toLowerCase() === "idempotency-key");
    if (ownKey !== undefined && req.headers[ownKey].trim() === "") delete req.headers[ownKey];
    else if (ownKey === undefined && CHANGES_SOMETHING.has(req.method)) req.headers["Idempotency-Key"] = idempotencyKey(ctx.runId, ctx.step.id);
    const credentialHeaders = credentialHeaderNames(config.headers, ctx.resolve);
    const bodyStaysWithOrigin = bodyCarriesCredentials(config.body);
    let secrets: string[] = connection?.secrets ?? [];
    const clean = <T>(v: T): T => redactCredentials(v, secrets);
    // The request as last sent, for the log: the account's headers are known once it is sent.
    let sent = { headers: req.headers, masked: credentialHeaders };
    const logSent = (bodyNote?: string) => describeSentRequest(sent.headers, req.body, sent.masked, bodyNote).forEach((line) => ctx.log(clean(line)));

    const send = async (auth: Pick<ConnectionHeaders, "headers" | "sensitiveHeaders" | "secrets">): Promise<GuardedResponse> => {
      secrets = [...secrets, ...auth.secrets];
      // The connection's auth replaces any same-named header the step set.
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !(k.toLowerCase() in auth.headers)));
      sent = { headers: { ...headers, ...auth.headers }, masked: [...Object.keys(auth.headers), ...auth.sensitiveHeaders, ...credentialHeaders] };
      return guardedFetch({
        ...deps.net,
        method: req.method,
        url: req.url,
        headers: { ...headers, ...auth.headers },
        body: req.body,
        timeoutMs: config.timeoutMs,
        signal: ctx.signal,
        sensitiveHeaders: [...auth.sensitiveHeaders, ...credentialHeaders],
        bodyStaysWithOrigin,
      });
    };

    // Continue on error takes a failure the engine would retry only when no attempt is left: a
    // 503 then a 200 passes on the 200, not the 503.
    const passOn = (retryable: boolean) => config.continueOnError && (!retryable || ctx.attempt >= MAX_STEP_ATTEMPTS);
    // A binary body is said by its size and type: its bytes (or their base64) say nothing in a log.
    if (Buffer.isBuffer(req.body) && config.body?.type === "binary") ctx.log(`sending a binary body: ${describeBytes(req.body.length, contentTypeOf(req.headers))}`);
    const started = Date.now();
    let res: GuardedResponse;
    try {
      res = connection
        ? await sendWithAccount({ connection, send, onRetry: () => ctx.log("401 to the account's OAuth2 token; fetching a new token and retrying once"), signal: ctx.signal, net: deps.net })
        : await send({ headers: {}, sensitiveHeaders: [], secrets: [] });
    } catch (e) {
      const failure = e instanceof OutboundError || e instanceof TokenError ? e : null;
      if (!failure) throw e;
      const message = clean(`${req.method} ${safeUrl(req.url)}: ${failure.message}`);
      const continuable = e instanceof OutboundError ? e.kind !== "refused" && e.kind !== "bad_url" : failure.retryable;
      // Sent, with no answer (a timeout, a refused connection): what went is still worth reading.
      if (e instanceof OutboundError && continuable) logSent();
      if (continuable && passOn(failure.retryable)) {
        ctx.log(`continuing after error: ${message}`);
        return { output: { status: 0, headers: {}, body: null, error: message } };
      }
      throw new StepError(message, { retryable: failure.retryable });
    }

    // A binary body (a PDF, an image, octet-stream) is its base64, with bodyEncoding: "base64"
    // before it (binary-body.ts); a text or JSON one has no bodyEncoding, as before.
    const read = readBody(res.body, res.headers["content-type"]);
    const output = clean({ status: res.status, headers: flattenHeaders(res.headers), ...read });
    // Each request as sent: after a 303 (or a 301/302 to a POST) the next one is a GET, and the
    // log and error name that, not the step's method with the final URL.
    res.redirects.forEach((hop, i) => {
      const next = res.redirects[i + 1]?.method ?? res.method;
      ctx.log(`${hop.method} ${safeUrl(hop.url)} → ${hop.status} redirect${next !== hop.method ? `, followed with ${next}` : ""}`);
    });
    ctx.log(`${res.method} ${safeUrl(res.url)} → ${res.status} (${res.body.length} bytes, ${Date.now() - started} ms)`);
    // A 303 (or a 301/302 to a POST) turned the request into a GET: the body went with the first.
    logSent(res.method !== req.method ? `sent with the ${req.method} before the redirect, not with the ${res.method}` : undefined);
    const retryable = isRetryableStatus(res.status);
    if (res.status >= 200 && res.status < 300) return { output };
    if (passOn(retryable)) {
      ctx.log(`continuing after HTTP ${res.status}${retryable ? ` (attempt ${ctx.attempt} of ${MAX_STEP_ATTEMPTS}, the last)` : ""}`);
      return { output };
    }
    // Of a binary body, what it is ("(binary body, 2,048 bytes, image/png)"), not its base64.
    const detail = bodyExcerpt(output, res.body.length, res.headers["content-type"]);
    const first = res.redirects[0];
    const via = first ? ` (after ${res.redirects.length === 1 ? "a redirect" : `${res.redirects.length} redirects`} from ${first.method} ${safeUrl(first.url)})` : "";
    // The error quotes the body's start; the step's output keeps the whole response, as a 2xx's
    // (a 500's validation details run to kilobytes), without making the failure a success.
    throw new StepError(`HTTP ${res.status} from ${res.method} ${safeUrl(res.url)}${via}${detail ? `: ${detail}` : ""}`, {
      retryable,
      retryAfterMs: retryAfterMs(res.headers["retry-after"]),
      output,
    });
  };
}

export const executeHttp: StepExecutor = createHttpExecutor();
