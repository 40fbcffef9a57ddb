// Where a re-push sends the client's secrets that they did not go before. A step's `{{ secrets.X }}`
// goes wherever the step sends its request: an HTTP Request's URL (in the URL itself, a header, the
// query or the body), or, for a relative URL and an AI Prompt, the chosen account's base URL. The
// client's account credentials are guarded by their own rule (account-url-problem.ts, the plan's
// unusableAccounts); a secret's value is not bound to an address, so a provider that moves a step
// carrying one to another host would have it sent there once the client goes Live, unsaid. The
// plan compares, per step (matched as match-copy-steps.ts does), the origin the copy's step sent
// its secrets to and the one the new step sends them to, and reports every secret a step now sends
// to an origin it did not go to before (no step of the copy sent it there).
// Where that new destination is a host the data of a run makes (`https://{{ 1.callback_host }}/x`)
// the copy cannot go Live at all (secret-to-data-host.ts): the review says so in words for the
// client's technician — what is wrong, and what the provider must change — not only where. A
// first push compares with no steps (every secret goes somewhere new then): the plan keeps only
// such a step, said in the same words (plan-push.ts). Pure.
import { urlOrigin } from "@/lib/connections/credential-destination-changes";
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { hostFromRunData } from "@/lib/http-step/account-url-problem";
import { secretSentToDataHost } from "@/lib/http-step/secret-to-data-host";
import { credentialDestination } from "@/lib/push/compute-review";
import type { StepRef } from "@/lib/push/scan-requirements";
import type { Step } from "@/lib/workflows/definition";
import { parseReference, REFERENCE_PATTERN, templateFields } from "@/lib/workflows/references";

/** `to`: an origin, or "a URL the workflow builds: …" when references build its host; `from`:
 *  where the copy's matching step sent its secrets, when that was elsewhere (null: the step is new,
 *  sent no secret, or sent it to `to` too and the secret is what is new). */
export type SecretDestinationChange = StepRef & { secrets: string[]; from: string | null; to: string };

type Accounts = readonly { id: string; baseUrl: string | null }[];

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/** The secret keys a step sends with its request (none for a step that sends nothing). */
export function stepSecrets(step: Step): string[] {
  if (step.kind !== "http" && step.kind !== "ai_prompt") return [];
  const keys = new Set<string>();
  for (const text of strings(templateFields(step))) {
    for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
      const r = parseReference(inner);
      if (r?.type === "secrets") keys.add(r.key);
    }
  }
  return [...keys].sort();
}

const accountOf = (step: Step, accounts: Accounts) => {
  const id = stepConnectionId(step);
  return id ? accounts.find((a) => a.id === id) : undefined;
};

/** Where the step sends its request: null when it cannot tell (no URL, no account to join it to). */
export function stepDestination(step: Step, accounts: Accounts): string | null {
  if (step.kind === "http") {
    // An account with a base URL keeps the request on its origin, whatever host the data makes
    // (the executor fails any other before sending): that origin is where its secrets go.
    const base = accountOf(step, accounts)?.baseUrl;
    if (base && hostFromRunData(step.config.url)) return urlOrigin(base);
    const own = credentialDestination(step.config.url);
    if (own !== null) return own;
  } else if (step.kind !== "ai_prompt") return null;
  return urlOrigin(accountOf(step, accounts)?.baseUrl ?? null);
}

export type SecretDestinationChangesOptions = {
  /** The copy's steps as the client has them before the push. */
  before: readonly Step[];
  /** The copy's steps after it (the plan's, with the accounts it leaves on them). */
  after: readonly Step[];
  /** The copy's step the source step at `index` updates (match-copy-steps.ts). */
  prior: (index: number) => Step | undefined;
  /** The client's accounts (a relative URL's and an AI Prompt's destination is its base URL). */
  accounts: Accounts;
};

export function secretDestinationChanges({ before, after, prior, accounts }: SecretDestinationChangesOptions): SecretDestinationChange[] {
  const sent = new Set<string>();
  for (const step of before) {
    const to = stepDestination(step, accounts);
    if (to !== null) for (const key of stepSecrets(step)) sent.add(`${key}\n${to}`);
  }
  const out: SecretDestinationChange[] = [];
  for (const [i, step] of after.entries()) {
    const to = stepDestination(step, accounts);
    if (to === null) continue;
    const secrets = stepSecrets(step).filter((key) => !sent.has(`${key}\n${to}`));
    if (secrets.length === 0) continue;
    const mine = prior(i);
    const was = mine && stepSecrets(mine).length > 0 ? stepDestination(mine, accounts) : null;
    out.push({ stepId: step.id, number: i + 1, name: step.name, secrets, from: was !== to ? was : null, to });
  }
  return out;
}

/** "step 3 (Create ticket) now sends secret API_KEY to https://new.example.com (was https://old.example.com)" */
export function describeSecretDestination(c: SecretDestinationChange): string {
  const what = `${c.secrets.length === 1 ? "secret" : "secrets"} ${c.secrets.join(", ")}`;
  const was = c.from !== null ? ` (was ${c.from})` : `, where ${c.secrets.length === 1 ? "it" : "they"} did not go before`;
  return `step ${c.number} (${c.name}) now sends ${what} to ${c.to}${was}`;
}

export type SecretDestinationProblemOptions = {
  /** The copy's step as it is now (undefined: the client removed it). */
  step: Step | undefined;
  /** The client's accounts: a step on one with a base URL may send a secret whatever host the data makes. */
  accounts: Accounts;
  /** The review offers the client an account for the step (an account with a base URL settles it). */
  accountChoice: boolean;
  live: boolean;
};

/** Why the step, as the copy has it now, cannot send its secret where the change says, in words
 *  for the client's technician: what is wrong and what the provider must change; null when it can
 *  (the host is written in the URL or a variable, or the step's account has a base URL). */
export function secretDestinationProblem({ step, accounts, accountChoice, live }: SecretDestinationProblemOptions): string | null {
  if (step?.kind !== "http") return null;
  const p = secretSentToDataHost(step.config, new Map(accounts.map((a) => [a.id, a])));
  if (!p) return null;
  const outcome = live ? "Runs of this copy fail at this step, sending nothing," : "This copy cannot go Live";
  return (
    `${outcome} until it is changed: the step takes the host of its address from the data each run receives (${p.written}), ` +
    `so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret ${p.secret} goes. ` +
    `Ask your provider to write the host in the step's URL, or to take it from a variable you fill in` +
    (accountChoice ? "; or choose an account with a base URL for this step below: its request then goes only to that address." : ".")
  );
}
