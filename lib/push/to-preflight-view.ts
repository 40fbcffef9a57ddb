// How a push plan reads over the API and in the Push dialog: item by item, with a sentence
// for each thing the provider should know before pushing. Pure.
import { appByKey } from "@/lib/connections/app-catalog";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { PushPlan } from "@/lib/push/plan-push";
import { offeredSampleData, providerHasSampleData, type SampleDataChoice } from "@/lib/push/push-input";
import type { Step } from "@/lib/workflows/definition";
import { keysReadBothWays } from "@/lib/push/scan-requirements";
import { stepFingerprint } from "@/lib/push/steps-hash";
import { plural } from "@/lib/plural";
import { possessive } from "@/lib/possessive";
import { describeEditsToReplace } from "@/lib/push/client-edits";

export type PreflightView = Omit<PushPlan, "trigger" | "steps" | "accountSteps" | "webhookSecretRequired" | "webhookSecretState" | "keepsUnsignedAcceptance" | "pushedStepsHash" | "pushedSampleHashes" | "keysToCreate" | "filesToCopy"> & {
  /** `steps`: the workflow's steps in order, each with a fingerprint of its kind and settings, so
   *  that two preflights tell what changed in the steps between them (preflight-changes.ts). */
  workflow: { id: string; name: string; version: number; steps: PreflightStep[] };
  target: { id: string; name: string };
  /** `replace` is offered when the client has its own testing data, which `keep` and `clear` leave alone. */
  sampleData: PushPlan["sampleData"] & { options: SampleDataChoice[] };
  /** `clientSecretKept`: the client's own secret (and the signature header that goes with it) stays
   *  on its copy; `signatureHeader`: the header the copy reads signatures from (null: no webhook);
   *  `webhookUrl`: what happens to the client's URL (see TriggerPlan); `secretReview`: the state the
   *  copy's review gives its webhook secret item after the push (null: no such item), `not_set`
   *  being one of the `attention` items. */
  trigger: {
    sharedSecret: "none" | "not_copied";
    clientSecretKept: boolean;
    signatureHeader: string | null;
    webhookUrl: PushPlan["trigger"]["webhookUrl"];
    secretReview: PushPlan["webhookSecretState"];
  };
  valuesCopied: false;
  /** Items that need attention (spec: accounts, keys, files, sample data): the provider's sample data
   *  choice, and each item the copy's review will leave open after the push, its confirmation aside. */
  attention: number;
  notes: string[];
};

/** `app`: the app the step was built for (`config.app`), which with kind and name tells a step
 *  deleted and added again from a new one (preflight-changes.ts, replaced-copy-steps.ts). */
export type PreflightStep = { id: string; kind: Step["kind"]; name: string; app: string | null; fingerprint: string };

export type ToPreflightViewOptions = {
  workflow: { id: string; name: string; version: number; steps: Step[] };
  target: { id: string; name: string };
  plan: PushPlan;
  /** The client's workflows of the same name (any case) that are not this workflow's copy. */
  namesakes?: number;
};

export function toPreflightView({ workflow, target, plan, namesakes = 0 }: ToPreflightViewOptions): PreflightView {
  const items = { connections: plan.connections, unknownAccounts: plan.unknownAccounts, stepsWithoutAccount: plan.stepsWithoutAccount, unusableAccounts: plan.unusableAccounts, otherAppAccounts: plan.otherAppAccounts, secretDestinations: plan.secretDestinations, accountChoicesReset: plan.accountChoicesReset, variables: plan.variables, files: plan.files, existingCopy: plan.existingCopy };
  const secretSet = plan.webhookSecretRequired; // the source's trigger verifies signatures
  const notes: string[] = [];
  const copy = plan.existingCopy;
  if (copy) {
    notes.push(
      `${target.name} already has a copy (pushed from version ${copy.pushedSourceVersion}; this is version ${workflow.version}). ` +
        "Pushing again updates that copy in place, keeps the client's account choices and variable and secret values, and leaves it in Draft for review " +
          "(an account choice that no longer fits its step is taken off, below).",
    );
    if (copy.returnsToDraft) notes.push("The copy is Live now: pushing returns it to Draft until the client reviews it and goes Live again.");
    if (copy.runsStopped) {
      notes.push(
        `${plural(copy.runsStopped, "run", "runs")} under way on this copy will be stopped: none goes on with steps the client has not reviewed.`,
      );
    }
    if (copy.clientEdits) notes.push(describeEditsToReplace(copy.clientEdits, target.name));
  } else notes.push(`The workflow arrives in ${target.name} as a new copy in Draft; the client reviews it and switches it Live.`);
  // Two rows of one name in the client's list: said before pushing, as the list then says which is the copy.
  if (namesakes) {
    notes.push(
      `${target.name} already has ${namesakes === 1 ? "a workflow" : `${namesakes} workflows`} named "${workflow.name}" that ${namesakes === 1 ? "is" : "are"} not this copy ` +
        `(its own, or one pushed from another workflow): the copy arrives beside ${namesakes === 1 ? "it" : "them"} under the same name, marked "Pushed from" in ${possessive(target.name)} Workflows list.`,
    );
  }
  const unusable = new Set(plan.unusableAccounts.map((u) => u.stepId));
  const choose = plan.connections.flatMap((a) => a.steps.filter((s) => s.result === "no_account"));
  const chooseOthers = choose.filter((s) => !unusable.has(s.stepId));
  if (chooseOthers.length) notes.push(`${plural(chooseOthers.length, "step arrives", "steps arrive")} without an account: the client has none or several for the app and chooses one.`);
  for (const s of plan.unknownAccounts) {
    const need = s.app === null ? "an account (of any app)" : `an account for ${appByKey(s.app)?.label ?? s.app}`;
    notes.push(
      s.result === "kept"
        ? `Step ${s.number} (${s.name}) selects an account that no longer exists here; the client's own choice for it is kept.`
        : `Step ${s.number} (${s.name}) selects an account that no longer exists here; it arrives without one and the client must choose ${need} before going Live.`,
    );
  }
  for (const s of plan.stepsWithoutAccount) {
    const need = s.app === null ? "an account (of any app)" : `an account for ${appByKey(s.app)?.label ?? s.app}`;
    const why = s.app === null ? "its relative URL needs an account's base URL" : "it cannot run without one";
    notes.push(
      s.result === "kept"
        ? `Step ${s.number} (${s.name}) has no account but needs one (${why}); the client's own choice for it is kept.`
        : `Step ${s.number} (${s.name}) has no account but needs one (${why}): it arrives without one and the client must choose ${need} before going Live.`,
    );
  }
  for (const o of plan.otherAppAccounts) {
    const [step, account] = [appByKey(o.app)?.label ?? o.app, appByKey(o.account.app)?.label ?? o.account.app];
    notes.push(
      `Step ${o.number} (${o.name}) was built for ${step} but selects your ${account} account "${o.account.name}": ` +
        `${target.name} is asked for a ${step} account, the app the step calls. Choose a ${step} account on the step, or switch the step to ${account} if it really calls that app.`,
    );
  }
  notes.push(...unusableNotes(plan, target.name));
  // A choice the push does not carry over to a renamed step is said, not dropped unsaid (reset-account-choices.ts).
  for (const r of plan.accountChoicesReset) {
    const was = r.replaces.map((w) => `step ${w.number} (${w.name}), for which ${target.name} chose "${w.account.name}"`).join(", and ");
    notes.push(
      `Step ${r.number} (${r.name}) will need its account chosen again in ${target.name}: it takes the place of ${was}, which you deleted, ` +
        `and a step added again under another name does not keep the client's account choice. ${possessive(target.name)} review says the choice was reset.`,
    );
  }
  // A secret's value is not bound to an address as account credentials are: said to both sides.
  for (const c of plan.secretDestinations) {
    const what = `${possessive(target.name)} ${c.secrets.length === 1 ? "secret" : "secrets"} ${c.secrets.join(", ")}`;
    notes.push(
      `Step ${c.number} (${c.name}) would send ${what} to ${c.to}, where ${c.secrets.length === 1 ? "it has" : "they have"} not gone before` +
        `${c.from !== null ? ` (the step sent ${c.secrets.length === 1 ? "it" : "them"} to ${c.from})` : ""}: the client's review says so.`,
    );
    // Why the copy cannot go Live there, in the very words the client's review will show (load-review.ts).
    if (c.problem) notes.push(`${possessive(target.name)} copy cannot go Live after this push; its review says: “Step ${c.number} (${c.name}): ${c.problem}”`);
  }
  const created = plan.variables.filter((v) => v.status === "created_without_value").length;
  if (created) notes.push(`${plural(created, "variable/secret key")} will be created in ${target.name} without a value; the client fills them in.`);
  // Read both ways, a key is wrong for one of them whatever the client does: only the workflow can change.
  const bothWays = keysReadBothWays({ vars: plan.variables.filter((v) => !v.secret).map((v) => v.key), secrets: plan.variables.filter((v) => v.secret).map((v) => v.key) });
  for (const key of bothWays) {
    notes.push(
      `${key} is read both as a variable and as a secret, but a key is one or the other in ${target.name}: ` +
        "the copy cannot go Live until you change the workflow to read it one way.",
    );
  }
  for (const v of plan.variables.filter((x) => x.status === "wrong_kind" && !bothWays.has(x.key))) {
    const reads = v.secret ? "secret" : "variable";
    const has = v.secret ? "plain variable" : "secret";
    notes.push(
      `${v.key} exists in ${target.name} as a ${has}, but the workflow reads it as a ${reads}: the push leaves it as it is, ` +
        `and the client must set it again as a ${reads} before going Live: its review's "Value of ${v.key}" box saves it as one (or you change how the workflow reads it).`,
    );
  }
  if (plan.sampleData.present) notes.push("Sample (testing) data may hold your own data: choose to keep or clear it.");
  for (const own of plan.sampleData.clientOwn) {
    notes.push(
      providerHasSampleData(plan.sampleData, own.stepId)
        ? `${target.name} has its own testing data on step ${own.number} (${own.name}): keep and clear leave it as it is; only replace overwrites it with your sample data.`
        : `${target.name} has its own testing data on step ${own.number} (${own.name}); you have no sample data there, so the push leaves it as it is.`,
    );
  }
  for (const f of plan.files.filter((x) => x.status === "missing")) {
    notes.push(`File ${f.name} is read by the workflow but exists neither in your workspace nor in ${target.name}: the client must upload it before going Live.`);
  }
  for (const f of plan.files.filter((x) => x.differsFromProvider)) {
    notes.push(`File ${f.name} in ${target.name} differs from yours (sha256) and is kept: the push never overwrites a client's file. To send your version, the client replaces or deletes its copy first.`);
  }
  notes.push(...triggerNotes(workflow.steps[0], target.name, plan.trigger));
  // The client's own secret, or its acceptance of unsigned deliveries, on an earlier copy survives
  // the push (plan-push.ts): the review does not ask again, so neither is it counted here.
  const t = plan.trigger;
  const clientSecret = plan.webhookSecretState === "not_set";
  if (clientSecret) {
    notes.push(
      "The webhook's shared secret is not copied: before going Live, the client sets its own secret (and gives it to the sender) " +
        "or explicitly accepts unsigned deliveries.",
    );
  } else if (t.clientSecretKept) {
    const yours = workflow.steps[0]?.kind === "webhook" ? ((workflow.steps[0].config.signatureHeader as string | undefined)?.trim() || t.signatureHeader!) : null;
    const differs = yours !== null && yours.toLowerCase() !== t.signatureHeader!.toLowerCase();
    notes.push(
      `${secretSet ? "The webhook's shared secret is not copied; " : ""}${possessive(target.name)} own shared secret and signature header (${t.signatureHeader}) on its copy are kept` +
        (differs ? `: its sender signs with them, so your signature header (${yours}) does not apply to it.` : "."),
    );
  } else if (plan.webhookSecretState === "unsigned_accepted") {
    notes.push(
      `The webhook's shared secret is not copied; ${target.name} accepted unsigned deliveries on its copy: that choice is kept, ` +
        "so its review does not ask for a secret again (it can still set its own).",
    );
  } else if (secretSet) notes.push(`The webhook's shared secret is not copied.`);
  if (t.headerReplaced) {
    notes.push(
      `The signature header of ${possessive(target.name)} copy becomes ${t.headerReplaced.to} (it was ${t.headerReplaced.from}): the copy has no shared secret of its own, so your header applies.`,
    );
  }
  notes.push("Values of variables, secrets and account credentials are never copied.");

  const attention =
    choose.length +
    plan.unknownAccounts.filter((s) => s.result === "no_account").length +
    plan.stepsWithoutAccount.filter((s) => s.result === "no_account").length +
    plan.variables.filter((v) => v.status !== "present").length +
    plan.files.filter((f) => f.status === "missing").length +
    (plan.sampleData.present ? 1 : 0) +
    (clientSecret ? 1 : 0);
  return {
    workflow: {
      id: workflow.id,
      name: workflow.name,
      version: workflow.version,
      steps: workflow.steps.map((s) => ({ id: s.id, kind: s.kind, name: s.name, app: typeof s.config.app === "string" ? s.config.app : null, fingerprint: stepFingerprint(s) })),
    },
    target,
    ...items,
    sampleData: { ...plan.sampleData, options: offeredSampleData(plan.sampleData) },
    trigger: { sharedSecret: secretSet ? "not_copied" : "none", clientSecretKept: plan.trigger.clientSecretKept, signatureHeader: plan.trigger.signatureHeader, webhookUrl: plan.trigger.webhookUrl, secretReview: plan.webhookSecretState },
    valuesCopied: false,
    attention,
    notes,
  };
}

/** A client account the push leaves off a step, said with why (every run on it would fail) and
 *  what, if anything, the client must do about the step. */
function unusableNotes(plan: PushPlan, targetName: string): string[] {
  const needs = new Set(plan.accountSteps.map((a) => a.stepId));
  return plan.unusableAccounts.map((u) => {
    const step = `Step ${u.number} (${u.name})`;
    const what = u.chosen ? `${possessive(targetName)} account "${u.account.name}" is taken off its copy's step` : `${possessive(targetName)} only account of the app, "${u.account.name}", is not selected`;
    const label = u.needsApp && (appByKey(u.needsApp)?.label ?? u.needsApp);
    const selected = plan.connections.flatMap((a) => a.steps).find((s) => s.stepId === u.stepId && s.result === "selected")?.account;
    const then = selected
      ? `${possessive(targetName)} only ${label ? `${label} ` : ""}account, "${selected.name}", is selected in its place`
      : !needs.has(u.stepId)
        ? "the step runs without an account, as yours does"
        : label
          ? `the client must choose a ${label} account before going Live`
          : "the client must choose an account that can serve the URL before going Live";
    return `${step}: ${what}, because ${u.reason}; ${then}.`;
  });
}

/** What the push does to the client's webhook URL, said plainly: its sender cannot see it. */
function triggerNotes(trigger: Step | undefined, targetName: string, plan: PushPlan["trigger"]): string[] {
  const starts = trigger ? `a ${STEP_CATALOG[trigger.kind].label} trigger` : "no trigger";
  switch (plan.webhookUrl) {
    case "kept":
      return plan.replaced
        ? [`You replaced the webhook trigger; ${targetName} keeps its webhook URL: your new trigger takes the place of its trigger (step 1), with its own shared secret, signature header and testing data.`]
        : [];
    case "stops":
      return [
        `${possessive(targetName)} webhook URL stops receiving deliveries: your workflow now starts with ${starts}, so deliveries to that URL start no runs ` +
          "and its sender is not told. Tell the client before pushing; its review says so too.",
      ];
    case "new":
      return [`${targetName} gets a new webhook URL when it goes Live (its copy did not start with a webhook): the client gives it to its sender.`];
    default:
      return [];
  }
}
