// Why the runs a push stopped cannot be run again now, in the words of both the action's 409 and
// the notice that offers it (get-stopped-runs.ts): only on the version the client reviewed and
// took Live. One pure function, so the notice never offers what the action then refuses.
export type StoppedRunsBlocker = { error: "review_pending" | "workflow_not_live"; message: string };

export type StoppedRunsCopyState = {
  mode: string;
  /** The copy's review state; all null for a workflow that was not pushed. */
  pushedAt: Date | null;
  reviewedAt: Date | null;
  sourceVersion: number | null;
};

export function stoppedRunsBlocker({ mode, pushedAt, reviewedAt, sourceVersion }: StoppedRunsCopyState): StoppedRunsBlocker | null {
  // The review is asked first: going Live needs it, so it is the step the client has to take first.
  if (pushedAt && !reviewedAt) {
    const version = sourceVersion === null ? "" : ` (version ${sourceVersion})`;
    return {
      error: "review_pending",
      message:
        `your provider pushed a new version of this workflow${version} on ${pushedAt.toISOString()}, which has not been reviewed here yet: ` +
        "review it and go Live, then run the stopped runs again — they would otherwise run on steps nobody here has reviewed (nothing was started)",
    };
  }
  if (mode !== "live") {
    return {
      error: "workflow_not_live",
      message: "this workflow is in Draft: the stopped runs run again only on the version that is Live; go Live first, then run them again (nothing was started)",
    };
  }
  return null;
}
