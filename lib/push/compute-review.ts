// The client review checklist of a pushed copy, as a pure function of the copy and what its
// workspace holds now: an account for every step the push said needs one, a value for every
// variable and secret the copy uses, every file it reads, the webhook's own shared secret when
// the provider's trigger verified signatures, and the client's confirmation that it reviewed the
// configuration. Go live is allowed only when every item is done.
import { appByKey } from "@/lib/connections/app-catalog";
import { urlOrigin } from "@/lib/connections/credential-destination-changes";
import type { OAuthStatus } from "@/lib/connections/oauth/oauth-status";
import { accountUrlProblem, describeAccountUrlProblem, type AccountUrlProblem } from "@/lib/http-step/account-url-problem";
import type { Step } from "@/lib/workflows/definition";
import type { AccountNeed } from "@/lib/push/plan-push";
import { reviewAccountNeeds } from "@/lib/push/review-account-needs";
import { keysReadBothWays, scanRequirements } from "@/lib/push/scan-requirements";
import { webhookSecretState, type WebhookSecretState } from "@/lib/push/webhook-secret-state";
import { DEFAULT_SIGNATURE_HEADER } from "@/lib/triggers/verify-signature";

export type ReviewItem =
  /** app null: the provider's account was deleted before the push, or the HTTP step never had one,
   *  so any of the client's accounts will do (see plan-push.ts); appLabel then reads "any app". */
  | {
      kind: "account";
      stepId: string;
      number: number;
      stepName: string;
      app: string | null;
      appLabel: string;
      connectionId: string | null;
      options: { id: string; name: string }[];
      done: boolean;
      message: string;
      /** Where the step sends the chosen account's credentials when its URL decides it (see
       *  credentialDestination); null when they go to the account's own base URL. */
      destination: string | null;
      /** The chosen account signs in with OAuth 2.0 (authorization code) and is not connected in
       *  this workspace — a push copies no tokens —: its step fails until someone clicks Connect. */
      signIn: { id: string; name: string; status: "not_connected" | "needs_reconnect" } | null;
    }
  | { kind: "variable" | "secret"; key: string; state: "ok" | "not_defined" | "no_value" | "wrong_kind"; done: boolean; message: string }
  /** own_secret: the copy's trigger has the client's own secret; unsigned_accepted: the client
   *  chose to accept unsigned deliveries (PUT …/review/webhook-secret). */
  | { kind: "webhook_secret"; stepId: string; signatureHeader: string | null; state: WebhookSecretState; unsignedAcceptedAt: string | null; done: boolean; message: string }
  | { kind: "file"; name: string; done: boolean; message: string }
  | { kind: "confirm"; reviewedAt: string | null; done: boolean; message: string };

export type ReviewInputs = {
  steps: Step[];
  accountSteps: AccountNeed[];
  reviewedAt: Date | null;
  /** required: the last push's trigger had a shared secret (WorkflowCopy.webhookSecretRequired). */
  webhookSecret?: { required: boolean; unsignedAcceptedAt: Date | null };
  accounts: { id: string; app: string; name: string; baseUrl: string | null; oauth?: OAuthStatus | null }[];
  variables: Map<string, { secret: boolean; hasValue: boolean }>;
  files: Set<string>;
};

export type Review = { complete: boolean; items: ReviewItem[]; missing: ReviewItem[] };

// Where an HTTP step sends the chosen account's credentials, when its URL decides it: an absolute
// URL's origin (urlOrigin: as the account's own base URL is compared, default port dropped), or
// the URL itself when references build its host. An account without a base URL sends them
// wherever that is — a host the provider wrote — so the client sees it before choosing one. A
// relative URL goes to the account's own base URL: null.
export function credentialDestination(url: unknown): string | null {
  if (typeof url !== "string" || url.trim() === "") return null;
  const text = url.trim();
  // The scheme and host as written: only to tell an absolute URL, and one whose host is templated.
  const written = /^https?:\/\/[^/?#]*/i.exec(text)?.[0];
  if ((written && written.includes("{{")) || (!written && text.startsWith("{{"))) return `a URL the workflow builds: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
  if (!written) return null;
  // One that does not parse (the step fails on it) is shown as written rather than not at all.
  return urlOrigin(text) ?? written.toLowerCase();
}

export function computeReview(inputs: ReviewInputs): Review {
  const items: ReviewItem[] = [];
  const trigger = inputs.steps[0];
  // A client that replaced its webhook trigger by a Scheduler has no deliveries to verify.
  if (inputs.webhookSecret?.required && trigger?.kind === "webhook") items.push(webhookSecretItem(trigger, inputs.webhookSecret.unsignedAcceptedAt));
  const stepIndex = new Map(inputs.steps.map((s, i) => [s.id, { step: s, number: i + 1 }]));
  for (const need of reviewAccountNeeds(inputs.steps, inputs.accountSteps)) {
    const hit = stepIndex.get(need.stepId);
    // A step the client removed from its copy needs no account any more.
    if (!hit || (hit.step.kind !== "http" && hit.step.kind !== "ai_prompt")) continue;
    // Only accounts that can serve the step's URL (account-url-problem.ts): on any other the
    // step fails every run, so it is neither offered nor counted as done.
    const ofApp = inputs.accounts.filter((a) => need.app === null || a.app === need.app);
    const problem = (a: { baseUrl: string | null }) => (hit.step.kind === "http" ? accountUrlProblem(hit.step.config.url, a.baseUrl) : null);
    const options = ofApp.filter((a) => !problem(a)).map((a) => ({ id: a.id, name: a.name }));
    const current = typeof hit.step.config.connectionId === "string" ? hit.step.config.connectionId : null;
    const done = current !== null && options.some((o) => o.id === current);
    const appLabel = need.app === null ? "any app" : (appByKey(need.app)?.label ?? need.app);
    const step = `step ${hit.number} (${hit.step.name})`;
    const plain = accountMessage({ step, app: need.app, appLabel, done, options, current: ofApp.find((a) => a.id === current), first: ofApp[0], problem });
    // The push did not carry the client's choice over to a step renamed by its provider
    // (reset-account-choices.ts): said, so an empty picker is not taken for a lost setting.
    const chosen = done ? ofApp.find((a) => a.id === current) : undefined;
    const signIn = chosen?.oauth === "not_connected" || chosen?.oauth === "needs_reconnect" ? { id: chosen.id, name: chosen.name, status: chosen.oauth } : null;
    // Not an item left to do: an account's sign-in can lapse on a Live copy too (a refused refresh
    // token), and must not then lock the copy's saves; said, so the copy is not taken for ready.
    const message = !done && need.reset?.length ? `${resetClause(need.reset)}: ${plain}` : signIn ? `${plain}, but ${signInClause(signIn)}` : plain;
    const destination = hit.step.kind === "http" ? credentialDestination(hit.step.config.url) : null;
    items.push({ kind: "account", stepId: need.stepId, number: hit.number, stepName: hit.step.name, app: need.app, appLabel, connectionId: current, options, done, message, destination, signIn });
  }
  const req = scanRequirements(inputs.steps);
  const bothWays = keysReadBothWays(req);
  const keyItem = (key: string, secret: boolean): ReviewItem => {
    const kind = secret ? "secret" : "variable";
    const v = inputs.variables.get(key);
    const state = !v ? "not_defined" : v.secret !== secret ? "wrong_kind" : v.hasValue ? "ok" : "no_value";
    const message = {
      ok: `${kind} ${key} has a value`,
      not_defined: `create the ${kind} ${key} and fill in its value`,
      no_value: `fill in the value of ${kind} ${key}`,
      // Read both ways, recreating the key only moves the problem to the other read.
      wrong_kind: bothWays.has(key)
        ? `the workflow reads ${key} both as a variable and as a secret, and a key is one or the other: ask your provider to change the workflow`
        : // Set again with its kind, the key changes kind in place (PUT …/variables/KEY {"secret": …}),
          // which the review's value box does; a delete was refused while a workflow read it.
          `${key} exists as a ${secret ? "plain variable" : "secret"} but the workflow reads it as a ${kind}: type its value in "Value of ${key}" and Save, and it is saved as a ${kind} in its place`,
    }[state];
    return { kind, key, state, done: state === "ok", message };
  };
  items.push(...req.vars.map((k) => keyItem(k, false)), ...req.secrets.map((k) => keyItem(k, true)));
  for (const name of req.files) {
    const done = inputs.files.has(name);
    items.push({ kind: "file", name, done, message: done ? `file ${name} is present` : `upload the file ${name}` });
  }
  const reviewed = inputs.reviewedAt !== null;
  items.push({
    kind: "confirm",
    reviewedAt: inputs.reviewedAt?.toISOString() ?? null,
    done: reviewed,
    message: reviewed ? "configuration reviewed" : "confirm that you reviewed the workflow's configuration",
  });
  const missing = items.filter((i) => !i.done);
  return { complete: missing.length === 0, items, missing };
}

/** "your account choice was reset — your provider deleted step “Create ticket” (you had chosen “PSA
 *  write”) and added this step in its place under another name" */
function resetClause(reset: NonNullable<AccountNeed["reset"]>): string {
  const was = reset.map((r) => `“${r.name}” (you had chosen “${r.account}”)`).join(" and ");
  return `your account choice was reset — your provider deleted ${reset.length === 1 ? "step" : "steps"} ${was} and added this step in its place under another name`;
}

/** "“Xero” is not connected in this workspace: open Connections and click Connect on it; its step fails until then" */
function signInClause({ name, status }: NonNullable<Extract<ReviewItem, { kind: "account" }>["signIn"]>): string {
  return status === "needs_reconnect"
    ? `“${name}” must be reconnected in this workspace (its provider refused its sign-in): open Connections and click Reconnect on it; its step fails until then`
    : `“${name}” is not connected in this workspace (a push copies no sign-in): open Connections and click Connect on it; its step fails until then`;
}

type AccountMessageInputs = {
  step: string;
  app: string | null;
  appLabel: string;
  done: boolean;
  options: unknown[];
  current: { name: string; baseUrl: string | null } | undefined;
  first: { name: string; baseUrl: string | null } | undefined;
  problem: (a: { baseUrl: string | null }) => AccountUrlProblem | null;
};

function accountMessage({ step, app, appLabel, done, options, current, first, problem }: AccountMessageInputs): string {
  const an = app === null ? "an account" : `a ${appLabel} account`;
  if (done) return `${step} has ${an}`;
  // Said with why, so the client does not pick it again or wonder why it is not offered.
  const chosenProblem = current && problem(current);
  if (chosenProblem) return `${step} cannot use "${current.name}": ${describeAccountUrlProblem(chosenProblem, "it")}; ${options.length ? "choose another" : "add an account that can serve it, then choose it"}`;
  const unfit = options.length === 0 && first ? problem(first) : null;
  if (unfit) return `none of your ${app === null ? "" : `${appLabel} `}accounts can serve ${step}: ${describeAccountUrlProblem(unfit, `"${first!.name}"`)}; add one that can, then choose it`;
  if (options.length === 0) return app === null ? `add an account, then choose it for ${step}` : `add an account for ${appLabel}, then choose it for ${step}`;
  return app === null ? `choose which account ${step} uses` : `choose which ${appLabel} account ${step} uses`;
}

function webhookSecretItem(trigger: Step, unsignedAcceptedAt: Date | null): ReviewItem {
  const header = typeof trigger.config.signatureHeader === "string" && trigger.config.signatureHeader !== "" ? trigger.config.signatureHeader : null;
  const state = webhookSecretState(trigger, unsignedAcceptedAt);
  const step = `step 1 (${trigger.name})`;
  // The header the client's sender signs in, said even when it is the default: without it the
  // client was not told where its sender puts the signature (spec: name it when a secret is set).
  const signedIn = header ? `header ${header}` : `header ${DEFAULT_SIGNATURE_HEADER}`;
  const message = {
    not_set: `set your own shared secret for ${step}, or choose to accept unsigned deliveries: your provider's trigger verifies signatures (${header ? signedIn : `${signedIn}, the default`}), and its secret is not copied`,
    own_secret: `${step} verifies deliveries with your own shared secret, signed in ${signedIn}${header ? "" : " (the default: senders rarely use it, so name your sender's header on the trigger in the editor)"}`,
    unsigned_accepted: `${step} accepts unsigned deliveries (your choice): anyone who has its URL can start runs`,
  }[state];
  return { kind: "webhook_secret", stepId: trigger.id, signatureHeader: header, state, unsignedAcceptedAt: state === "unsigned_accepted" ? unsignedAcceptedAt!.toISOString() : null, done: state !== "not_set", message };
}
