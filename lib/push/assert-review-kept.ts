// A Live pushed copy keeps what its review asked for before it went Live, as any Live workflow
// keeps what going Live would accept (assert-live-ready.ts): a change that would reopen an account
// item (the account cleared, or one that cannot serve the step's URL) or the webhook secret item
// (the client's own secret removed without having accepted unsigned deliveries) is refused with
// 409 review_incomplete, as Go live would refuse it. Only those items: they are what the editor's
// save and the review's account choice change; an item already open stays the client's to finish.
// Called by the editor's save and the review's account choice, inside their transactions.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Prisma, Workflow } from "@/lib/generated/prisma/client.ts";
import type { ReviewItem } from "@/lib/push/compute-review";
import { loadReview } from "@/lib/push/load-review";
import type { Step } from "@/lib/workflows/definition";

export type AssertReviewKeptOptions = { workflow: Workflow; steps: readonly Step[]; tx: Tx };

const guarded = (i: ReviewItem) => (i.kind === "account" ? `account:${i.stepId}` : i.kind === "webhook_secret" ? "webhook_secret" : null);

export async function assertReviewKept({ workflow, steps, tx }: AssertReviewKeptOptions): Promise<void> {
  if (workflow.mode !== "live") return;
  const before = await loadReview({ workflow, tx });
  if (!before) return;
  const after = (await loadReview({ workflow: { ...workflow, steps: steps as unknown as Prisma.JsonValue }, tx }))!;
  const open = new Set(before.missing.map(guarded));
  const reopened = after.missing.filter((m) => guarded(m) !== null && !open.has(guarded(m)));
  if (reopened.length === 0) return;
  throw conflict(
    "review_incomplete",
    `this pushed workflow is Live, and the change would leave its review incomplete: ${reopened.map((m) => m.message).join("; ")}. ` +
      "Keep it as it is, or switch the workflow to Draft first (it then goes Live again once its review is complete)",
    { missing: reopened },
  );
}
