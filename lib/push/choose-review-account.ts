// PUT /workflows/{id}/review/accounts/{stepId}: the client picks which of its accounts a step
// of its copy uses (null clears the choice). Only an account of the copy's own workspace, and
// of the app the push asked for (any app when it asked for none in particular), can be chosen;
// another workspace's account id is a 404. An account that cannot serve the step's URL (a path
// without its base URL, another host than its base URL's, or a host a reference makes without a
// base URL: account-url-problem.ts) is a 400, as every run would fail on it. A Live copy keeps
// what Live needs: a choice the editor's save would refuse (409 step_incomplete) or that reopens
// the review (409 review_incomplete) is refused.
import { badRequest, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { accountUrlProblem, describeAccountUrlProblem } from "@/lib/http-step/account-url-problem";
import { assertReviewKept } from "@/lib/push/assert-review-kept";
import { loadReview, type ReviewView } from "@/lib/push/load-review";
import type { AccountNeed } from "@/lib/push/plan-push";
import { reviewAccountNeeds } from "@/lib/push/review-account-needs";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { toJsonField } from "@/lib/db/to-json-field";
import { savedFields } from "@/lib/workflows/version-saver";

export type ChooseReviewAccountOptions = {
  workflowId: string;
  stepId: string;
  connectionId: string | null;
  user: { id: string; email: string };
  tx?: Tx;
};

export async function chooseReviewAccount({ workflowId, stepId, connectionId, user, tx }: ChooseReviewAccountOptions): Promise<ReviewView> {
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId: user.id, role: "editor", tx: t, lock: true });
    const link = await t.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id } });
    if (!link) throw notFound("review");
    const steps = storedSteps(workflow);
    const index = steps.findIndex((s) => s.id === stepId);
    const step = steps[index];
    if (!step || (step.kind !== "http" && step.kind !== "ai_prompt")) throw notFound("step");
    let app: string | null = null;
    if (connectionId !== null) {
      const account = await t.connection.findFirst({ where: { id: connectionId, workspaceId: workflow.workspaceId }, select: { app: true, name: true, baseUrl: true } });
      if (!account) throw notFound("connection");
      // app null: the provider's account was gone at push time, so any app's account will do.
      const need = reviewAccountNeeds(steps, link.accountSteps as AccountNeed[]).find((a) => a.stepId === stepId);
      if (need?.app && need.app !== account.app) throw badRequest(`this step needs an account of the app "${need.app}", not "${account.app}"`, { field: "connectionId" });
      const problem = step.kind === "http" ? accountUrlProblem(step.config.url, account.baseUrl) : null;
      if (problem) {
        const instead = problem.kind === "other_host" ? `choose an account whose base URL is on ${problem.urlHost}, or one without a base URL` : "choose an account with a base URL";
        throw badRequest(`step ${index + 1} (${step.name}) cannot use the account "${account.name}": ${describeAccountUrlProblem(problem, "that account")}, so every run would fail; ${instead}`, {
          field: "connectionId",
        });
      }
      app = account.app;
    }
    const next = steps.map((s) => (s.id === stepId ? { ...s, config: { ...s.config, connectionId } } : s));
    if (workflow.mode === "live") {
      assertLiveReady(next); // the editor's save refuses the same for a Live workflow
      await assertReviewKept({ workflow, steps: next, tx: t });
    }
    // The version moves so an editor holding the old definition gets a conflict instead of
    // silently undoing this choice — a conflict that names this user (version-saver.ts); the copy
    // does not count as "edited" (see steps-hash.ts).
    const updated = await t.workflow.update({
      where: { id: workflow.id },
      data: { steps: toJsonField(next), version: { increment: 1 }, ...savedFields(user.id, workflow.version + 1) },
    });
    await recordAuditEvent({ workspaceId: workflow.workspaceId, workflowId: workflow.id, actor: user, action: "account_chosen", details: { stepId, connectionId, app }, tx: t });
    return (await loadReview({ workflow: updated, tx: t }))!;
  };
  return tx ? write(tx) : db().$transaction(write);
}
