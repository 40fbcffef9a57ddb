// POST /workflows/{id}/push: applies the preflight's plan in one transaction. The copy lands in
// Draft, linked to its source and version (WorkflowCopy); missing keys are created without a
// value; missing files are copied; values are never copied. A second push to the same client
// updates that copy in place and starts its review over, and stops the copy's runs under way
// (stopCopyRuns; a run whose insert commits just after the push is ended by the worker instead,
// lib/runs/stop-unreviewed-run.ts): none goes on with steps the client has not reviewed. Two pushes of one workflow to one
// client run one after the other (advisory lock), so there is never a second copy.
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { copyBlueprintOrigin } from "@/lib/blueprints/copy-blueprint-origin";
import { endRunsStopped, PUSH_STOP_REASON, PUSH_STOP_STEP_ERROR } from "@/lib/runs/end-run-stopped";
import type { Step } from "@/lib/workflows/definition";
import { loadPushContext } from "@/lib/push/load-push-context";
import { planPush, type PushPlan, type SampleDataChoice } from "@/lib/push/plan-push";
import { pushedStepsOf } from "@/lib/push/client-edits";
import { offeredSampleData } from "@/lib/push/push-input";
import { toPreflightView, type PreflightView } from "@/lib/push/to-preflight-view";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import { syncTrigger } from "@/lib/workflows/sync-trigger";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";
import { loadVersionSaver, savedFields, saverName } from "@/lib/workflows/version-saver";
import { toJsonField } from "@/lib/db/to-json-field";

export type PushWorkflowOptions = {
  workflowId: string;
  targetWorkspaceId: string;
  /** Required where the source has sample data (see push-input.ts); left out, it means `keep`. */
  sampleData?: SampleDataChoice;
  /** The source version the preflight showed; another one is 409 workflow_changed. Left out: the current one. */
  version?: number;
  user: { id: string; email: string };
  tx?: Tx;
};

/** runsStopped: the ids of the copy's runs under way that the push stopped (stopCopyRuns). */
export type PushResult = { created: boolean; copy: WorkflowView; preflight: PreflightView; runsStopped: string[] };

export async function pushWorkflow({ workflowId, targetWorkspaceId, sampleData: requested, version, user, tx }: PushWorkflowOptions): Promise<PushResult> {
  const write = async (t: Tx): Promise<PushResult> => {
    await t.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${workflowId}), hashtext(${targetWorkspaceId}))`;
    const ctx = await loadPushContext({ workflowId, targetWorkspaceId, userId: user.id, tx: t, lock: true });
    const { source, target, link } = ctx;
    // The source's row is locked (loadPushContext): no save lands between this check and the copy.
    if (version !== undefined && version !== source.version) {
      // Who saved the version in the way, and when, as the editor's 409s say it (version-saver.ts).
      const saver = await loadVersionSaver(source, t);
      const who = saver.savedAt ? ` by ${saverName(saver)} at ${saver.savedAt}` : "";
      throw conflict(
        "workflow_changed",
        `the workflow was saved${who} since the preflight you pushed from (the preflight showed version ${version}; it is at version ${source.version}): ` +
          "check the preflight again, then push (nothing was pushed)",
        { currentVersion: source.version, ...saver },
      );
    }
    // Without sample data of the provider's, `keep` and `clear` do the same: both leave the client's own.
    const sampleData = requested ?? "keep";
    const plan = planPush({ ...ctx.inputs, sampleData });
    // Only what the preflight offers for this target: a `replace` with nothing of the client's to
    // replace would be recorded, and the client's review would say its data was replaced.
    const options = offeredSampleData(plan.sampleData);
    if (requested === undefined && plan.sampleData.present) {
      // The provider's sample data may hold its own data: whether it reaches the client is its choice.
      const steps = plan.sampleData.steps.map((s) => `step ${s.number} (${s.name})`).join(", ");
      const quoted = options.map((o) => `"${o}"`);
      throw badRequest(`sampleData is required: this workflow has sample (testing) data on ${steps}, which may hold your own data; send ${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`, {
        field: "sampleData",
        options,
      });
    }
    if (!options.includes(sampleData)) {
      throw badRequest(
        `sampleData "${sampleData}" is not offered for this push (${target.name} has no testing data of its own where you have sample data to replace it with): choose ${options.join(" or ")}`,
        { options },
      );
    }

    if (plan.keysToCreate.length) {
      await t.variable.createMany({
        data: plan.keysToCreate.map((k) => ({ workspaceId: target.id, key: k.key, secret: k.secret, value: null, valueEncrypted: null })),
        skipDuplicates: true,
      });
    }
    if (plan.filesToCopy.length) {
      // Copied inside the database: the bytes never travel through this process.
      await t.$executeRaw`
        INSERT INTO "File" ("workspaceId", "name", "contentType", "size", "sha256", "data")
        SELECT ${target.id}, "name", "contentType", "size", "sha256", "data" FROM "File"
        WHERE "workspaceId" = ${source.workspaceId} AND "name" = ANY(${plan.filesToCopy}::text[])
        ON CONFLICT ("workspaceId", "name") DO NOTHING`;
    }

    const steps = toJsonField(plan.steps);
    // The copy's new version records the technician who pushed it, at the push's own instant: the
    // client's editor then says who pushed it ("Alex Smith (alex@…) of Acme MSP pushed a newer
    // version") instead of naming nobody (version-saver.ts). The runs it stops record it too.
    const pushedAt = new Date();
    let copy;
    let runsStopped: string[] = [];
    if (link) {
      // The client may have deleted its copy since the link was read: the lock then finds no row,
      // and the update below would fail as a 500. The plan was made against that copy (its
      // account choices, its edits), so the push stops and says so instead of sending a new one.
      const held = await t.$queryRaw<{ version: number }[]>`SELECT version FROM "Workflow" WHERE id = ${link.copyWorkflowId} FOR UPDATE`;
      if (held.length === 0) {
        throw conflict("copy_deleted", `${target.name} deleted its copy of this workflow while you pushed: nothing was pushed; push again to send ${target.name} a new copy`);
      }
      runsStopped = await stopCopyRuns({ workflowId: link.copyWorkflowId, steps: ctx.inputs.existing?.steps ?? [], pushedAt, tx: t });
      copy = await t.workflow.update({
        where: { id: link.copyWorkflowId },
        data: { name: source.name, steps, mode: "draft", version: { increment: 1 }, ...savedFields(user.id, held[0].version + 1, pushedAt), ...copyBlueprintOrigin(source) },
      });
    } else {
      copy = await t.workflow.create({
        data: { workspaceId: target.id, name: source.name, steps, mode: "draft", ...savedFields(user.id, 1, pushedAt), ...copyBlueprintOrigin(source) },
      });
    }
    // The copy's trigger keeps its id (and so its URL) when the provider replaced its own; only when
    // that id now names another step does the endpoint move to the trigger's new id.
    const move = plan.trigger.endpointMove;
    if (link && move) await t.webhookEndpoint.updateMany({ where: { workflowId: copy.id, stepId: move.from, rotatedAt: null }, data: { stepId: move.to } });
    await syncTrigger({ workflow: copy, tx: t });

    // The client's own changes this push replaces: said in its review and in the audit, never silently.
    const editsReplaced = plan.existingCopy?.clientEdits ?? null;
    const webhookUrlChange = urlChange(plan.trigger.webhookUrl, plan.steps[0]?.kind === "webhook", link?.webhookUrlChange ?? null);
    const pushed = {
      sourceName: source.name,
      sourceVersion: source.version,
      pushedStepsHash: plan.pushedStepsHash,
      accountSteps: plan.accountSteps as unknown as Prisma.InputJsonValue,
      pushedSampleHashes: plan.pushedSampleHashes,
      sampleData,
      pushedAt,
      pushedById: user.id,
      reviewedAt: null,
      reviewedById: null,
      webhookSecretRequired: plan.webhookSecretRequired,
      // The client's choice to accept unsigned deliveries answers this requirement only: it lapses
      // when the provider drops the secret, and is asked again when a secret is added back.
      ...(plan.keepsUnsignedAcceptance ? {} : { unsignedAcceptedAt: null, unsignedAcceptedById: null }),
      webhookUrlChange,
      // The change alone: the review says the problem as the copy stands when it is read (load-review.ts).
      secretDestinations: plan.secretDestinations.map(({ problem: _problem, ...c }) => c) as unknown as Prisma.InputJsonValue,
      pushedSteps: pushedStepsOf(plan.steps) as unknown as Prisma.InputJsonValue,
      clientEditsReplaced: editsReplaced ? (editsReplaced as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
      // A new push cycle: the client's next change is audited again (record-client-copy-edit.ts).
      clientEditedAt: null,
    };
    if (link) await t.workflowCopy.update({ where: { id: link.id }, data: { ...pushed, pushCount: { increment: 1 } } });
    else {
      await t.workflowCopy.create({
        data: { ...pushed, sourceWorkflowId: source.id, sourceWorkspaceId: source.workspaceId, targetWorkspaceId: target.id, copyWorkflowId: copy.id },
      });
    }

    await recordAuditEvent({
      workspaceId: target.id,
      workflowId: copy.id,
      actor: user,
      action: "pushed",
      details: {
        sourceWorkflowId: source.id,
        sourceWorkspaceId: source.workspaceId,
        sourceName: source.name,
        sourceVersion: source.version,
        created: !link,
        sampleData,
        clientSampleDataKept: plan.sampleData.clientOwn.filter((c) => c.kept).map((c) => c.stepId),
        keysCreated: plan.keysToCreate.map((k) => k.key),
        filesCopied: plan.filesToCopy,
        returnedToDraft: link?.copyWorkflow.mode === "live",
        webhookUrl: plan.trigger.webhookUrl,
        // The client's own account choices the push took off steps whose URL they cannot serve.
        accountsTakenOff: plan.unusableAccounts.filter((u) => u.chosen).map((u) => ({ stepId: u.stepId, connectionId: u.account.id })),
        // Steps that now send one of the client's secrets to an origin it did not go to before:
        // keys and origins, never a value (secret-destinations.ts).
        secretDestinations: plan.secretDestinations.map((c) => ({ stepId: c.stepId, secrets: c.secrets, from: c.from, to: c.to })),
        // The copy's runs under way that the push stopped (stopCopyRuns).
        runsStopped,
        // The changes made in the client's workspace since the previous push that this push
        // replaced (client-edits.ts): steps by id and name, never their settings; null if none.
        clientEditsReplaced: editsReplaced,
      },
      tx: t,
    });
    return {
      created: !link,
      runsStopped,
      copy: await readWorkflowView({ workflow: copy, tx: t }),
      preflight: toPreflightView({ workflow: ctx.inputs.source, target, plan }),
    };
  };
  // The client deleted meanwhile (the copy's or a variable's insert fails): its 404 (parent-gone.ts).
  return unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
}

export { PUSH_STOP_REASON };

/** Stops the copy's runs under way (queued, running, or parked on a Wait or a retry), as Stop run
 *  does: a parked run reads the workflow as it is when it resumes (README "Edits while a run
 *  waits"), so it would go on with the provider's new steps, which the client has not reviewed,
 *  with the client's accounts and secrets. Before the steps are replaced, so the steps a run never
 *  reached are recorded as the run knew them (the copy's steps as the push context read them).
 *  Inside the push's transaction, under its lock on the copy's row; a few statements for all the
 *  runs, however many are queued. */
async function stopCopyRuns({ workflowId, steps, pushedAt, tx }: { workflowId: string; steps: Step[]; pushedAt: Date; tx: Tx }): Promise<string[]> {
  return endRunsStopped({ which: { workflowId }, steps, reason: PUSH_STOP_REASON, stepError: PUSH_STOP_STEP_ERROR, byPush: pushedAt, tx });
}

/** What the copy records for its review. "none" (no URL before or after) leaves an earlier record
 *  that still holds: a stopped URL while the trigger is not a webhook, a URL still to be issued
 *  while it is one. */
function urlChange(webhookUrl: PushPlan["trigger"]["webhookUrl"], webhookTrigger: boolean, prior: string | null): "stops" | "new" | null {
  if (webhookUrl === "stops" || webhookUrl === "new") return webhookUrl;
  if (webhookUrl === "kept") return null;
  return prior === (webhookTrigger ? "new" : "stops") ? prior : null;
}
