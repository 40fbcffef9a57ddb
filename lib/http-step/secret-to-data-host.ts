// An HTTP Request's `{{ secrets.X }}` goes with its request to wherever its URL points: in a
// header, the query, the body, or the URL itself (a user name, a password, the path). A secret's
// value is not bound to one address as an account's credentials are — the workspace's members
// send it wherever they write — but a host a run's data makes is not one they chose: with
// `https://{{ 1.callback_host }}/x` and `X-Api-Key: {{ secrets.PSA_KEY }}` whoever posts a
// delivery would receive the key. So the rule of an account without a base URL
// (account-url-problem.ts, hostFromRunData) holds for a secret too: a step that sends one goes
// only to a host written in the URL or taken from a variable or secret. The editor marks the
// field, Go live and a Live save refuse it and a run fails it before sending, all through
// lib/steps/find-missing-fields.ts; the executor checks the URL as resolved too
// (lib/steps/executors/http.ts).
// A step on an account with a base URL is not held to it: its request goes to that origin only
// (the executor fails any other URL as resolved, full URLs included, before sending; a redirect
// elsewhere drops the headers that read a secret and does not re-send a body that reads one), so
// its secrets cannot reach a host a run's data makes. On an account without a base URL the
// account's own rule (hostFromRunData) refuses the very same URLs. Pure and client-safe.
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { hostFromRunData, writtenStart } from "@/lib/http-step/account-url-problem";
import { isJsonObject } from "@/lib/json/is-json-object";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";

/** The first field that sends a secret (its form path and label), the secret's key, and the
 *  URL's start as written (`https://{{ 1.callback_host }}`). */
export type SecretToDataHost = { field: string; label: string; secret: string; written: string };

/** The secret keys a template reads, in order. */
export function secretsIn(text: string): string[] {
  return [...text.matchAll(REFERENCE_PATTERN)].flatMap(([, inner]) => {
    const ref = parseReference(inner);
    return ref?.type === "secrets" ? [ref.key] : [];
  });
}

// Every string of a value, JSON keys included (a body's keys are templates too).
function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (isJsonObject(value)) for (const [k, v] of Object.entries(value)) yield* [k, ...strings(v)];
}

/** What the request carries, as the Configure form's fields: [path, label, value]. A body's other
 *  types' fields kept in the config are not sent. */
function sentFields(config: Record<string, unknown>): [string, string, unknown][] {
  const out: [string, string, unknown][] = [["url", "URL", config.url]];
  const list = (items: unknown, path: string, label: string) => {
    if (!Array.isArray(items)) return;
    items.forEach((item, i) => {
      if (!isJsonObject(item)) return;
      out.push([`${path}.${i}.name`, `${label} ${i + 1} name`, item.name], [`${path}.${i}.value`, `${label} ${i + 1} value`, item.value]);
    });
  };
  list(config.headers, "headers", "Header");
  list(config.query, "query", "Query parameter");
  const body = isJsonObject(config.body) ? config.body : {};
  if (body.type === "json") out.push(["body.json", "JSON body", body.json]);
  else if (body.type === "raw") out.push(["body.raw", "Raw body", body.raw]);
  else if (body.type === "binary") out.push(["body.base64", "Bytes (base64)", body.base64]);
  else if (body.type === "form") list(body.fields, "body.fields", "Form field");
  return out;
}

/** Whether an HTTP Request's config sends a secret anywhere in its request (not judging where). */
export function sendsSecret(config: Record<string, unknown>): boolean {
  return sentFields(config).some(([, , value]) => [...strings(value)].some((text) => secretsIn(text).length > 0));
}

/** The workspace's accounts by id, as far as the caller knows them (the editor's list, Go live's). */
export type AccountBaseUrls = ReadonlyMap<string, { baseUrl: string | null }>;

/** The field that would send a secret to a host a run's data makes; null when none would. A step
 *  naming an account is judged only where the account is known (`accounts`): with a base URL its
 *  request cannot leave that origin; without one — or gone — the account's own check refuses the
 *  step (step-account-message.ts at Go live, the executor at run time), so a caller that does not
 *  know the account (a run's findMissingFields) leaves it to them. */
export function secretSentToDataHost(config: Record<string, unknown>, accounts?: AccountBaseUrls | null): SecretToDataHost | null {
  if (!hostFromRunData(config.url)) return null;
  const id = stepConnectionId({ config });
  if (id !== null) {
    const account = accounts?.get(id);
    if (!account || account.baseUrl) return null;
  }
  for (const [field, label, value] of sentFields(config)) {
    for (const text of strings(value)) {
      const [secret] = secretsIn(text);
      if (secret) return { field, label, secret, written: writtenStart(config.url as string) };
    }
  }
  return null;
}

const WHY = "a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names";
export const SECRET_HOST_REMEDY = "write the host in the URL, or take it from a variable or secret";

/** The field's message in the editor and at Go live (409 step_incomplete); with `run`, the
 *  sentence a run fails with, having sent nothing. */
export function secretToDataHostMessage(p: SecretToDataHost, run = false): string {
  const what = `${p.label} sends secret ${p.secret}, and the URL's host comes from a run's data (${p.written}): ${WHY}`;
  return run ? `${what}; nothing was sent: ${SECRET_HOST_REMEDY}` : `${what}; ${SECRET_HOST_REMEDY}`;
}
