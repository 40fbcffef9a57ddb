// The whole decision of a push, as a pure function of what is in both workspaces: which
// account each step gets, which keys are created without a value, which files are copied,
// what happens to sample data, and the copy's new definition. The preflight shows this plan;
// the push applies the same plan, so what the provider saw is what happens.
import { appByKey } from "@/lib/connections/app-catalog";
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { accountUrlProblem, describeAccountUrlProblem } from "@/lib/http-step/account-url-problem";
import type { Step } from "@/lib/workflows/definition";
import { fallbackAccountApp } from "@/lib/push/fallback-account-app";
import { matchCopySteps } from "@/lib/push/match-copy-steps";
import { replacedCopySteps } from "@/lib/push/replaced-copy-steps";
import { recordReset, resetAccountChoices, type RecordedReset, type ResetChoice } from "@/lib/push/reset-account-choices";
import { reviewAccountNeeds } from "@/lib/push/review-account-needs";
import { clientEdits, type ClientEdits, type PushedStep } from "@/lib/push/client-edits";
import { planSampleData, type SampleDataPlan } from "@/lib/push/plan-sample-data";
import { secretDestinationChanges, secretDestinationProblem, type SecretDestinationChange } from "@/lib/push/secret-destinations";
import type { SampleDataChoice } from "@/lib/push/push-input";
import { keysReadBothWays, scanRequirements, type StepRef } from "@/lib/push/scan-requirements";
import { isEditedSincePush, stepsHash } from "@/lib/push/steps-hash";
import { hasSharedSecret, webhookSecretState, type WebhookSecretState } from "@/lib/push/webhook-secret-state";
import { DEFAULT_SIGNATURE_HEADER } from "@/lib/triggers/verify-signature";

export type { SampleDataChoice };
/** baseUrl: where the account sends its credentials (null: wherever a step's complete URL says). */
export type Account = { id: string; app: string; name: string; baseUrl: string | null };
/** A step the client review asks an account for; app null = an account of any app. `reset`: the
 *  client's choices for the copy's steps this one took the place of, which the push did not carry
 *  over (reset-account-choices.ts): the review says so instead of showing an empty picker — and
 *  the next push says it again while the step still has no account. */
export type AccountNeed = { stepId: string; app: string | null; reset?: RecordedReset[] };

export type PushInputs = {
  source: { id: string; name: string; version: number; steps: Step[] };
  /** The provider's accounts the source steps select (by id). */
  sourceAccounts: Map<string, Pick<Account, "id" | "app" | "name">>;
  targetAccounts: Account[];
  targetVariables: Map<string, { secret: boolean; hasValue: boolean }>;
  /** File name -> sha256, in each workspace. */
  targetFiles: Map<string, string>;
  sourceFiles: Map<string, string>;
  existing: {
    workflowId: string;
    mode: "draft" | "live";
    name: string;
    steps: Step[];
    pushedStepsHash: string;
    sourceVersion: number;
    pushedSampleHashes: Record<string, string> | null;
    /** The copy has a current webhook endpoint (it went Live once): its URL is what its sender knows. */
    hasWebhookUrl?: boolean;
    /** The client accepted unsigned deliveries (WorkflowCopy.unsignedAcceptedAt): recorded only while
     *  the copy's trigger asks for a secret (set-review-webhook-secret.ts), cleared by a push when it no longer does. */
    unsignedAcceptedAt?: Date | null;
    /** The copy's runs under way (queued, running, waiting): a push stops them (push-workflow.ts). */
    unfinishedRuns?: number;
    /** What the last push gave the copy (WorkflowCopy.pushedSteps; null before it was recorded) and
     *  the name it gave it: to say which of the client's edits this push replaces (client-edits.ts). */
    pushedSteps?: PushedStep[] | null;
    pushedName?: string;
    /** The last push's account needs (WorkflowCopy.accountSteps): a choice it said was reset is
     *  said again while the step still has no account (reset-account-choices.ts). */
    accountSteps?: AccountNeed[] | null;
  } | null;
  sampleData: SampleDataChoice;
};

export type StepAccountResult = StepRef & { result: "selected" | "kept" | "no_account"; account: { id: string; name: string } | null };
/** A step whose account's app the push cannot tell: it arrives without an account unless the
 *  client had chosen a fitting one (`kept`), and the review asks for an account of `app` (null: of any app). */
export type UnresolvedAccountStep = StepRef & { app: string | null; result: "kept" | "no_account" };
/** A client account the push does not put (or leave) on a step because it cannot serve the step's
 *  URL (account-url-problem.ts): every run would fail. `chosen`: it was the client's own choice for
 *  the step, taken off; otherwise it is the client's only account of the app, not selected.
 *  `reason` is a clause naming the account. */
export type UnusableAccount = StepRef & {
  account: { id: string; name: string };
  chosen: boolean;
  reason: string;
  /** Set when the client's choice is taken off because the provider changed the step's app: the
   *  app the step uses now (the account is of another). */
  needsApp?: string;
};
export type AppPlan = { app: string; appLabel: string; clientAccounts: { id: string; name: string }[]; outcome: "one_account" | "no_account" | "several_accounts"; steps: StepAccountResult[] };
export type KeyPlan = { key: string; secret: boolean; status: "present" | "present_without_value" | "created_without_value" | "wrong_kind" };
/** What happens to the client's trigger. `webhookUrl`: kept (its URL goes on receiving; also when
 *  the provider replaced its webhook trigger, `replaced`), stops (the trigger is no longer a
 *  webhook: deliveries to the URL start nothing), new (the copy's trigger was not a webhook: a URL
 *  is issued when it goes Live), none (no URL before or after). The client's own shared secret
 *  is kept with the signature header its sender signs in; without one, the provider's header
 *  applies (`headerReplaced` when that changes the copy's). */
export type TriggerPlan = {
  webhookUrl: "kept" | "stops" | "new" | "none";
  replaced: boolean;
  clientSecretKept: boolean;
  /** The header the copy's trigger reads signatures from (null: not a webhook). */
  signatureHeader: string | null;
  headerReplaced: { from: string; to: string } | null;
  /** See match-copy-steps.ts: the copy's endpoint moves to its trigger's new id. */
  endpointMove: { from: string; to: string } | null;
};
/** `differsFromProvider`: the client's file is kept although its content (sha256) is not the provider's. */
export type FilePlan = { name: string; status: "present" | "copied" | "missing"; differsFromProvider: boolean };

export type PushPlan = {
  connections: AppPlan[];
  /** Steps whose source account no longer exists. */
  unknownAccounts: UnresolvedAccountStep[];
  /** Steps with no account in the source that cannot run without one (see AccountStep.requiresAccount). */
  stepsWithoutAccount: UnresolvedAccountStep[];
  unusableAccounts: UnusableAccount[];
  /** Steps built for one app (`config.app`) that select the provider's account of another: the
   *  client is asked for an account of the step's own app (`app`), not of the account's. */
  otherAppAccounts: (StepRef & { account: { name: string; app: string }; app: string })[];
  /** On a re-push: each step of the copy that would send a client's secret to an origin it did not
   *  go to before (secret-destinations.ts). The client's review says so, as does the audit.
   *  `problem`: why the copy then cannot go Live (a host a run's data makes), in the words of the
   *  client's review (secretDestinationProblem); null when it can. On a first push: only the steps
   *  with a `problem` (that the secrets go somewhere new is true of every step then). */
  secretDestinations: (SecretDestinationChange & { problem: string | null })[];
  /** On a re-push: new steps that arrive without an account although they take the place of copy
   *  steps the client had chosen one for — deleted and added again under a new name, which does
   *  not carry the choice over (reset-account-choices.ts) —; and steps the last push said that of,
   *  for which the client has chosen no account since. */
  accountChoicesReset: (StepRef & { replaces: ResetChoice[] })[];
  variables: KeyPlan[];
  files: FilePlan[];
  sampleData: { present: boolean; steps: StepRef[]; clientOwn: SampleDataPlan["clientOwn"] };
  /** runsStopped: the copy's runs under way (queued, running, waiting) that the push stops. */
  /** clientEdits: what the client changed since the last push, which this push replaces (null: not edited). */
  existingCopy: null | {
    workflowId: string;
    mode: "draft" | "live";
    pushedSourceVersion: number;
    editedByClient: boolean;
    clientEdits: ClientEdits | null;
    returnsToDraft: boolean;
    runsStopped: number;
  };
  trigger: TriggerPlan;
  /** What the copy becomes, and what its review must ask for. */
  steps: Step[];
  accountSteps: AccountNeed[];
  /** The source's webhook verifies signatures: its secret is not copied, so the review asks the
   *  client for its own (or an explicit choice to accept unsigned deliveries). */
  webhookSecretRequired: boolean;
  /** That item on the copy this push leaves, as its review will show it (null: no such item). The
   *  client's acceptance of unsigned deliveries answers the requirement it was given for, so it is
   *  kept while the source still has a secret (`keepsUnsignedAcceptance`) and lapses otherwise. */
  webhookSecretState: WebhookSecretState | null;
  keepsUnsignedAcceptance: boolean;
  pushedStepsHash: string;
  pushedSampleHashes: Record<string, string>;
  keysToCreate: { key: string; secret: boolean }[];
  filesToCopy: string[];
};

export function planPush(inputs: PushInputs): PushPlan {
  const { source, existing } = inputs;
  const req = scanRequirements(source.steps);
  const before = new Map((existing?.steps ?? []).map((s) => [s.id, s]));
  // A step the provider deleted and added again keeps the client's account choice.
  const replaced = replacedCopySteps(source.steps, existing?.steps ?? null);
  const pushedIds = existing?.pushedSteps ? new Set(existing.pushedSteps.map((p) => p.id)) : null;
  const resets = resetAccountChoices({ source: source.steps, existing: existing?.steps ?? null, replaced, accounts: inputs.targetAccounts, pushedIds, previous: existing?.accountSteps ?? null });
  const targetById = new Map(inputs.targetAccounts.map((a) => [a.id, a]));
  const sourceById = new Map(source.steps.map((s) => [s.id, s]));
  const unusableAccounts: UnusableAccount[] = [];
  // An account goes on a step (kept or selected) only when it can serve the step's URL as the
  // provider wrote it; one that cannot is reported instead, as the run would fail on it.
  const usable = (ref: StepRef, account: Account | undefined, chosen: boolean): account is Account => {
    if (!account) return false;
    const step = sourceById.get(ref.stepId);
    const problem = step?.kind === "http" ? accountUrlProblem(step.config.url, account.baseUrl) : null;
    if (problem) unusableAccounts.push({ ...ref, account: { id: account.id, name: account.name }, chosen, reason: describeAccountUrlProblem(problem, `"${account.name}"`) });
    return !problem;
  };

  // The client's own choice for a step whose app the provider changed (a directory account on a
  // step that now calls the PSA) cannot stay: it is taken off and reported, never dropped unsaid.
  const fits = (ref: StepRef, account: Account | undefined, need: string | null): boolean => {
    if (!account) return false;
    if (need === null || account.app === need) return true;
    const label = (app: string) => appByKey(app)?.label ?? app;
    unusableAccounts.push({
      ...ref,
      account: { id: account.id, name: account.name },
      chosen: true,
      reason: `"${account.name}" is a ${label(account.app)} account and the step now uses a ${label(need)} account`,
      needsApp: need,
    });
    return false;
  };

  const byApp = new Map<string, AppPlan>();
  const unknownAccounts: PushPlan["unknownAccounts"] = [];
  const stepsWithoutAccount: PushPlan["stepsWithoutAccount"] = [];
  const chosen = new Map<string, string | null>();
  const accountSteps: AccountNeed[] = [];
  const otherAppAccounts: PushPlan["otherAppAccounts"] = [];
  for (const s of req.accountSteps) {
    const ref = { stepId: s.stepId, number: s.number, name: s.name };
    const source = s.connectionId ? inputs.sourceAccounts.get(s.connectionId) : undefined;
    // The app the step was built for (`config.app`) is what the client's account must be of, even
    // when the provider picked another app's account: that account's app is only a guess for a
    // generic step (lib/steps/step-account-app.ts). The mismatch is said to the provider.
    const own = s.kind === "http" && s.app !== null ? fallbackAccountApp(s) : null;
    if (source && own !== null && source.app !== own) otherAppAccounts.push({ ...ref, account: { name: source.name, app: source.app }, app: own });
    const app = source ? (own ?? source.app) : undefined;
    const kept = stepConnectionId(before.get(s.stepId) ?? replaced.get(s.stepId));
    const keptAccount = kept ? targetById.get(kept) : undefined;
    if (!app && (s.connectionId || s.requiresAccount)) {
      // The provider's account was deleted, or the step never had one (a blueprint installed with
      // "No account for now"), but the step cannot run without one: the review must ask for it or
      // the copy goes Live broken — of the app the step says it calls, when it says (a blueprint's).
      const need = fallbackAccountApp(s);
      const keep = fits(ref, keptAccount, need) && usable(ref, keptAccount, true) ? keptAccount.id : null;
      (s.connectionId ? unknownAccounts : stepsWithoutAccount).push({ ...ref, app: need, result: keep ? "kept" : "no_account" });
      accountSteps.push({ stepId: s.stepId, app: need });
      chosen.set(s.stepId, keep);
      continue;
    }
    if (!app) {
      // No account in the source, and none needed: a client that chose one for this step keeps it,
      // unless the provider's URL now goes where that account does not send its credentials.
      chosen.set(s.stepId, usable(ref, keptAccount, true) ? keptAccount.id : null);
      continue;
    }
    accountSteps.push({ stepId: s.stepId, app });
    let plan = byApp.get(app);
    if (!plan) {
      const clientAccounts = inputs.targetAccounts.filter((a) => a.app === app).map((a) => ({ id: a.id, name: a.name }));
      const outcome = clientAccounts.length === 1 ? "one_account" : clientAccounts.length === 0 ? "no_account" : "several_accounts";
      plan = { app, appLabel: appByKey(app)?.label ?? app, clientAccounts, outcome, steps: [] };
      byApp.set(app, plan);
    }
    let result: StepAccountResult;
    const only = plan.outcome === "one_account" ? targetById.get(plan.clientAccounts[0].id) : undefined;
    if (fits(ref, keptAccount, app) && usable(ref, keptAccount, true)) result = { ...ref, result: "kept", account: { id: keptAccount.id, name: keptAccount.name } };
    // (The client's own choice, just found unusable, is reported once.)
    else if (only && only.id !== keptAccount?.id && usable(ref, only, false)) result = { ...ref, result: "selected", account: plan.clientAccounts[0] };
    else result = { ...ref, result: "no_account", account: null };
    plan.steps.push(result);
    chosen.set(s.stepId, result.account?.id ?? null);
  }

  // A key used both as {{ vars.K }} and {{ secrets.K }} cannot be both: a missing one is created
  // as a variable, so the secret read is wrong_kind — as the client's review will show it.
  const bothWays = keysReadBothWays(req);
  const keyPlan = (key: string, secret: boolean): KeyPlan => {
    const t = inputs.targetVariables.get(key) ?? (secret && bothWays.has(key) ? { secret: false, hasValue: false } : undefined);
    if (!t) return { key, secret, status: "created_without_value" };
    if (t.secret !== secret) return { key, secret, status: "wrong_kind" };
    return { key, secret, status: t.hasValue ? "present" : "present_without_value" };
  };
  const variables = [...req.vars.map((k) => keyPlan(k, false)), ...req.secrets.map((k) => keyPlan(k, true))];
  const keysToCreate = variables.filter((v) => v.status === "created_without_value").map((v) => ({ key: v.key, secret: v.secret }));

  // A client's file is never overwritten (it may be its approved version), but a different one is
  // reported so the provider knows its update did not reach the client.
  const files: FilePlan[] = req.files.map((name) => {
    const mine = inputs.sourceFiles.get(name);
    const theirs = inputs.targetFiles.get(name);
    const status = theirs !== undefined ? "present" : mine !== undefined ? "copied" : "missing";
    return { name, status, differsFromProvider: theirs !== undefined && mine !== undefined && theirs !== mine };
  });
  const match = matchCopySteps(source.steps, existing?.steps ?? null);
  const sample = planSampleData({ source: source.steps, existing: existing?.steps ?? null, match, pushedHashes: existing?.pushedSampleHashes ?? null, choice: inputs.sampleData });

  const steps = source.steps.map((s, i): Step => {
    const config = { ...s.config };
    if (s.kind === "http" || s.kind === "ai_prompt") config.connectionId = chosen.get(s.id) ?? null;
    if (s.kind === "webhook") {
      // The provider's signing secret is a value: never copied. The client's own one survives a
      // re-push together with the header its sender signs in — the provider's header goes with
      // the provider's secret, which the client does not have.
      delete config.sharedSecretEncrypted;
      const own = match.prior(i);
      if (own?.kind === "webhook" && hasSharedSecret(own)) {
        config.sharedSecretEncrypted = own.config.sharedSecretEncrypted;
        if (own.config.signatureHeader === undefined) delete config.signatureHeader;
        else config.signatureHeader = own.config.signatureHeader;
      }
      delete config.testingData;
      if (sample.testingData.has(s.id)) config.testingData = sample.testingData.get(s.id);
    }
    return { ...s, id: match.copyId(i), config };
  });

  // A step that takes the place of one the client chose an account for, yet arrives without one.
  const accountChoicesReset: PushPlan["accountChoicesReset"] = [];
  for (const need of accountSteps) {
    const was = resets.get(need.stepId);
    if (!was || chosen.get(need.stepId)) continue;
    const i = source.steps.findIndex((s) => s.id === need.stepId);
    accountChoicesReset.push({ stepId: need.stepId, number: i + 1, name: source.steps[i].name, replaces: was });
    need.reset = was.map(recordReset);
  }
  const reviewNeeds = new Set(reviewAccountNeeds(steps, accountSteps).map((n) => n.stepId));

  const webhookSecretRequired = hasSharedSecret(source.steps[0]);
  const keepsUnsignedAcceptance = webhookSecretRequired && (existing?.unsignedAcceptedAt ?? null) !== null;
  return {
    connections: [...byApp.values()],
    unknownAccounts,
    stepsWithoutAccount,
    unusableAccounts,
    otherAppAccounts,
    // After the push the copy is in Draft: the problem is said as the review of a Draft copy says it.
    // A first push sends every secret somewhere new, which is no news; only a destination the copy
    // cannot go Live with (a host a run's data makes) is said, in the re-push's words.
    secretDestinations: secretDestinationChanges({ before: existing?.steps ?? [], after: steps, prior: match.prior, accounts: inputs.targetAccounts })
      .map((c) => ({
        ...c,
        problem: secretDestinationProblem({ step: steps.find((s) => s.id === c.stepId), accounts: inputs.targetAccounts, accountChoice: reviewNeeds.has(c.stepId), live: false }),
      }))
      .filter((c) => existing || c.problem !== null),
    accountChoicesReset,
    variables,
    files,
    sampleData: { present: req.sampleData.length > 0, steps: req.sampleData, clientOwn: sample.clientOwn },
    existingCopy: existing && {
      workflowId: existing.workflowId,
      mode: existing.mode,
      pushedSourceVersion: existing.sourceVersion,
      editedByClient: isEditedSincePush(existing.name, existing.steps, existing.pushedStepsHash),
      clientEdits: isEditedSincePush(existing.name, existing.steps, existing.pushedStepsHash)
        ? clientEdits({ pushed: existing.pushedSteps ?? null, pushedName: existing.pushedName ?? existing.name, pushedVersion: existing.sourceVersion, name: existing.name, steps: existing.steps, after: { name: source.name, steps } })
        : null,
      returnsToDraft: existing.mode === "live",
      runsStopped: existing.unfinishedRuns ?? 0,
    },
    trigger: planTrigger(source.steps[0], existing?.steps[0], steps[0], { hasUrl: existing?.hasWebhookUrl ?? false, matched: match.triggerMatched, endpointMove: match.endpointMove }),
    steps,
    accountSteps,
    webhookSecretRequired,
    webhookSecretState: webhookSecretRequired ? webhookSecretState(steps[0], keepsUnsignedAcceptance ? existing!.unsignedAcceptedAt! : null) : null,
    keepsUnsignedAcceptance,
    pushedStepsHash: stepsHash(source.name, steps),
    pushedSampleHashes: sample.pushedHashes,
    keysToCreate,
    filesToCopy: files.filter((f) => f.status === "copied").map((f) => f.name),
  };
}

function planTrigger(
  mine: Step | undefined,
  theirs: Step | undefined,
  next: Step | undefined,
  { hasUrl, matched, endpointMove }: { hasUrl: boolean; matched: boolean; endpointMove: TriggerPlan["endpointMove"] },
): TriggerPlan {
  // As the editor shows it (an empty header is the default one); compared as HTTP does, ignoring case.
  const header = (s: Step | undefined) => (s?.kind === "webhook" ? (s.config.signatureHeader as string | undefined)?.trim() || DEFAULT_SIGNATURE_HEADER : null);
  const webhookUrl = matched && hasUrl ? "kept" : hasUrl && theirs?.kind === "webhook" ? "stops" : theirs && theirs.kind !== "webhook" && next?.kind === "webhook" ? "new" : "none";
  const clientSecretKept = matched && hasSharedSecret(theirs);
  const from = header(theirs);
  const to = header(next);
  return {
    webhookUrl,
    replaced: matched && mine!.id !== theirs!.id,
    clientSecretKept,
    signatureHeader: to,
    headerReplaced: matched && !clientSecretKept && from!.toLowerCase() !== to!.toLowerCase() ? { from: from!, to: to! } : null,
    endpointMove,
  };
}
