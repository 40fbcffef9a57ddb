// The review of a workflow that arrived by push, with what its workspace holds now; null for a
// workflow that was not pushed. No access check: callers load the workflow for the caller first.
import { oauthStatus } from "@/lib/connections/oauth/oauth-status";
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { computeReview, type Review } from "@/lib/push/compute-review";
import { copyHistoryNotices } from "@/lib/push/copy-history-notices";
import type { AccountNeed } from "@/lib/push/plan-push";
import { describeSecretDestination, secretDestinationProblem, type SecretDestinationChange } from "@/lib/push/secret-destinations";
import { isEditedSincePush } from "@/lib/push/steps-hash";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type ReviewView = Review & {
  workflowId: string;
  /** The copy's version this review describes: its Go live sends it, so a copy changed since the
   *  page was loaded (pushed again, a colleague's save) is refused (409 workflow_changed), not taken Live unseen. */
  version: number;
  pushed: true;
  source: { workflowId: string | null; workspaceId: string; name: string; version: number };
  pushedAt: string;
  pushedBy: string | null;
  pushCount: number;
  sampleData: string;
  editedSincePush: boolean;
  /** That the provider deleted its workflow, and which changes made here the last push replaced
   *  (copy-history-notices.ts); what the last push changed that the client's senders notice (its webhook URL stopping, or a
   *  new one to hand out) and where it now sends the client's secrets; informational, nothing to
   *  complete. */
  notices: string[];
  /** Steps the last push made send a secret of the client's to an origin it did not go to before
   *  (secret-destinations.ts); each is also said in `notices`. `message`: that sentence, with
   *  `problem` after it; `problem`: why the step as it is now cannot send it there (a host the
   *  data of a run makes) and what the provider must change, null when it can. */
  secretDestinations: ReviewSecretDestination[];
};

export type ReviewSecretDestination = SecretDestinationChange & { message: string; problem: string | null };

export type LoadReviewOptions = { workflow: Workflow; tx?: Tx };

export async function loadReview({ workflow, tx }: LoadReviewOptions): Promise<ReviewView | null> {
  const c = tx ?? db();
  const link = await c.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id } });
  if (!link) return null;
  const ws = workflow.workspaceId;
  const [accounts, variables, files, pusher] = await Promise.all([
    c.connection.findMany({ where: { workspaceId: ws }, select: { id: true, app: true, name: true, baseUrl: true, authKind: true, oauthTokensEncrypted: true, oauthStatus: true }, orderBy: { name: "asc" } }),
    c.variable.findMany({ where: { workspaceId: ws }, select: { key: true, secret: true, value: true, valueEncrypted: true } }),
    c.file.findMany({ where: { workspaceId: ws }, select: { name: true } }),
    link.pushedById ? c.user.findUnique({ where: { id: link.pushedById }, select: { email: true } }) : null,
  ]);
  const steps = storedSteps(workflow);
  const changes = Array.isArray(link.secretDestinations) ? (link.secretDestinations as unknown as SecretDestinationChange[]) : [];
  const review = computeReview({
    steps,
    accountSteps: Array.isArray(link.accountSteps) ? (link.accountSteps as AccountNeed[]) : [],
    reviewedAt: link.reviewedAt,
    webhookSecret: { required: link.webhookSecretRequired, unsignedAcceptedAt: link.unsignedAcceptedAt },
    // The sign-in's state only: the encrypted tokens go no further.
    accounts: accounts.map(({ id, app, name, baseUrl, ...row }) => ({ id, app, name, baseUrl, oauth: oauthStatus(row) })),
    variables: new Map(variables.map((v) => [v.key, { secret: v.secret, hasValue: (v.secret ? v.valueEncrypted : v.value) !== null }])),
    files: new Set(files.map((f) => f.name)),
  });
  const live = workflow.mode === "live";
  const secretDestinations = changes.map((c): ReviewSecretDestination => {
    const accountChoice = review.items.some((i) => i.kind === "account" && i.stepId === c.stepId);
    const problem = secretDestinationProblem({ step: steps.find((s) => s.id === c.stepId), accounts, accountChoice, live });
    const said = describeSecretDestination(c);
    return { ...c, message: problem ? `${said}. ${problem}` : said, problem };
  });
  return {
    workflowId: workflow.id,
    version: workflow.version,
    pushed: true,
    source: { workflowId: link.sourceWorkflowId, workspaceId: link.sourceWorkspaceId, name: link.sourceName, version: link.sourceVersion },
    pushedAt: link.pushedAt.toISOString(),
    pushedBy: pusher?.email ?? null,
    pushCount: link.pushCount,
    sampleData: link.sampleData,
    editedSincePush: isEditedSincePush(workflow.name, steps, link.pushedStepsHash),
    notices: [...copyHistoryNotices(link), ...urlNotices(link.webhookUrlChange, steps[0], live), ...secretNotices(secretDestinations, live)],
    secretDestinations,
    ...review,
  };
}

function urlNotices(change: string | null, trigger: Step | undefined, live: boolean): string[] {
  if (change === "stops" && trigger?.kind !== "webhook") {
    const starts = trigger ? `starts with a ${STEP_CATALOG[trigger.kind].label} trigger` : "has no trigger";
    return [
      `Your webhook URL no longer receives deliveries: your provider's version of this workflow ${starts}, so deliveries to the URL start no runs ` +
        "(the sender is not told). Stop the systems that post to it, or ask your provider.",
    ];
  }
  if (change === "new" && trigger?.kind === "webhook") {
    // Once Live the URL exists: the notice points at it instead of at a step already taken.
    return live
      ? ["Your provider's version of this workflow starts with a webhook: your copy has a new webhook URL (in the editor, on the trigger) — give it to the system that sends the deliveries."]
      : ["Your provider's version of this workflow starts with a webhook: going Live gives it a new webhook URL, which you give to the system that sends the deliveries."];
  }
  return [];
}

/** The last push's new destinations of the client's secrets, said before the client confirms it
 *  reviewed the configuration: a secret's value is not bound to an address as credentials are.
 *  A step that cannot send it there at all (a host the data of a run makes) gets a notice of its
 *  own saying why, and what the provider must change: trusting the address is no answer there. */
function secretNotices(changes: ReviewSecretDestination[], live: boolean): string[] {
  if (changes.length === 0) return [];
  const said = changes.map(describeSecretDestination).join("; ");
  return [
    `Your provider's ${live ? "last" : "new"} version sends your secrets somewhere new: ${said}.` +
      (live ? "" : " Check that you trust these addresses with them before you confirm the review and go Live."),
    ...changes.flatMap((c) => (c.problem ? [`Step ${c.number} (${c.name}): ${c.problem}`] : [])),
  ];
}
