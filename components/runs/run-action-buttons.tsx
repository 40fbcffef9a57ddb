"use client";
// Stop run (after a confirmation) for a run that has not ended — queued, running, or waiting on
// a Wait step or a retry — and Run again for one that has (a new test run with its trigger
// payload): the buttons, the POST /api/v1/runs/{id}/stop|rerun, and what came of it. Shared by
// the editor's Executions and the Runs page; each says what to do around the call. Editors only:
// callers render it for a role that may act (the API answers a viewer 403 anyway).
// Stop run and Run again are one button element that changes its verb, busy (not disabled)
// while the call runs: the dialog gives focus back to it, and a keyboard user finds it still
// focused as Run again once the run has stopped (a disabled or replaced button drops focus to
// <body>).
// Run again on a failed run whose HTTP Requests succeeded asks first, naming them: they are sent
// again (requests-sent-again.ts). The run's steps are read on the click, as neither caller holds
// them all (the Runs page reads them when a row opens).
import { useId, useState } from "react";
import { api } from "@/components/editor/api";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { requestsSentAgain, sentAgainWords } from "@/components/runs/requests-sent-again";
import { rerunNote, type TestRun } from "@/components/runs/test-run-kind";
import { TERMINAL_RUN_STATUSES, type RunOverview, type RunView } from "@/lib/editor/api-types";

export type RunVerb = "stop" | "rerun";

/** The call itself, shared with Test & Debug's Stop (use-test-run-stop.ts). */
export const postRunAction = (runId: string, verb: RunVerb) => api<RunView>(`/api/v1/runs/${runId}/${verb}`, { method: "POST" });

export type RunActionButtonsProps = {
  /** With what kind of test it was, Run again on a one-step test says it runs the whole workflow. */
  run: { id: string; status: string } & Partial<TestRun>;
  /** Awaited before the call (the editor saves the last moments' edits before Run again). */
  before?: (verb: RunVerb) => Promise<unknown>;
  /** With the run the API answered: the stopped run, or the new one. What it returns shows as the outcome. */
  after: (verb: RunVerb, view: RunView) => Promise<React.ReactNode> | React.ReactNode;
  /** After a refused call, e.g. to show how a run that ended meanwhile stands now. */
  failed?: (verb: RunVerb) => void;
};

export function RunActionButtons({ run, before, after, failed }: RunActionButtonsProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<React.ReactNode>(null);
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState<ReturnType<typeof sentAgainWords> | null>(null);
  const ended = TERMINAL_RUN_STATUSES.includes(run.status);
  const noteId = useId();
  const note = ended ? rerunNote({ test: true, ...run }) : null;

  const act = async (verb: RunVerb) => {
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      await before?.(verb);
      const view = await postRunAction(run.id, verb);
      setOutcome(await after(verb, view));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      failed?.(verb);
    } finally {
      setBusy(false);
    }
  };

  // A failed run's succeeded requests are said before they are sent again; any other run goes at once.
  const rerun = async () => {
    if (run.status !== "failed") return act("rerun");
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      const view = await api<RunOverview>(`/api/v1/runs/${run.id}?outputs=false`);
      const sent = requestsSentAgain(view);
      const failedAt = view.steps.find((s) => s.status === "failed" && s.name !== null && s.number > 1)?.number ?? null;
      if (sent.length === 0) return void (await act("rerun"));
      setResending(sentAgainWords(sent, failedAt));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <BusyButton
        className={buttonClass("secondary", "sm")}
        busy={busy}
        aria-haspopup={ended && run.status !== "failed" ? undefined : "dialog"}
        aria-describedby={note ? noteId : undefined}
        onClick={() => (ended ? void rerun() : setConfirming(true))}
      >
        {ended ? "Run again" : "Stop run"}
      </BusyButton>
      {note && (
        <span id={noteId} data-testid="rerun-note" className="text-xs text-amber-800">
          {note}
        </span>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Stop this run?"
        description="The steps it has not reached will not run, and a Wait it is parked on ends now. A step executing at this moment finishes (a request already sent is not undone)."
        confirmLabel="Stop run"
        onConfirm={() => void act("stop")}
        destructive
      />
      <ConfirmDialog
        open={resending !== null}
        onOpenChange={(open) => !open && setResending(null)}
        title={resending?.title ?? ""}
        description={resending?.description ?? ""}
        confirmLabel="Run again and send"
        onConfirm={() => {
          setResending(null);
          void act("rerun");
        }}
        destructive
      />
      {outcome ? (
        <span role="status" className="text-xs text-slate-600">
          {outcome}
        </span>
      ) : null}
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
