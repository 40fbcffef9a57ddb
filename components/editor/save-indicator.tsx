"use client";
// The header's save state. Besides saved / saving / conflict it names, in words a technician
// reads ("step 3 (HTTP Request): URL is required"), what keeps an edit from being saved, a JSON
// field whose text does not parse yet, and the unfinished steps a Draft saved but Live needs.
// Long messages wrap to a second line (the full text is the tooltip) instead of being cut.
// A save refused because the browser session ended offers sign-in in a new tab (this one keeps
// the unsaved edits; the new one then says to come back here), then a save. Steps no run reaches
// are named beside the saved state: a warning, Go live is not refused for them. One that got no
// answer (the network) says when it is tried again by itself, with "Retry now" beside it.
// Only the save state is a live region: the notes beside it ("Before going Live: …", steps no run
// reaches) were re-read by a screen reader after every autosave.
import { useEffect, useMemo, useState } from "react";
import { AlertTriangle, Check, CloudUpload, Loader2 } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { SignInAgainLink } from "@/components/ui/access-lost";
import { useUnparsedJson } from "@/components/editor/unparsed-json";
import { LOST_REASON, type SaveState } from "@/components/editor/use-editor-document";
import { numberRanges, unreachableSteps } from "@/lib/editor/branch-paths";
import { describeProblem, type StepProblem } from "@/lib/editor/check-steps";
import { STEP_CATALOG } from "@/lib/steps/catalog";

const base = "inline-flex min-w-0 items-center gap-1.5 text-left text-xs";

function Notice({ text, state, tone, onClick }: { text: string; state?: string; tone: string; onClick: () => void }) {
  return (
    <button type="button" title={text} className={`${base} ${tone} hover:underline`} data-save-state={state} onClick={onClick}>
      <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="line-clamp-2 whitespace-normal">{text}</span>
    </button>
  );
}

function SessionEnded() {
  const { doc } = useEditor();
  return (
    <span className={`${base} text-red-700`} data-save-state="error">
      <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="line-clamp-2 whitespace-normal">
        Your session has ended — <SignInAgainLink workflow={`${window.location.pathname}${window.location.search}`} />, then{" "}
        <button type="button" className="font-medium underline" onClick={() => void doc.saveNow({ force: true })}>
          save
        </button>
      </span>
    </span>
  );
}

/** "trying again in 8 s", counting down to the automatic retry at `at` (epoch ms). The save state
 *  is a live region: a screen reader hears "trying again shortly" once, not every second. */
function RetryCountdown({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, []);
  const seconds = Math.ceil((at - now) / 1_000);
  return (
    <>
      <span aria-hidden>{seconds > 0 ? `trying again in ${seconds} s` : "trying again…"}</span>
      <span className="sr-only">trying again shortly</span>
    </>
  );
}

function SaveFailed({ message, retryAt }: { message: string; retryAt?: number }) {
  const { doc } = useEditor();
  return (
    <span className={`${base} text-red-700`} data-save-state="error" title={`Not saved: ${message}`}>
      <AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden />
      <span className="line-clamp-2 whitespace-normal">
        Not saved: {message}
        {retryAt !== undefined && (
          <>
            {" "}— <RetryCountdown key={retryAt} at={retryAt} />.{" "}
            <button type="button" className="font-medium underline" onClick={() => void doc.saveNow()}>
              Retry now
            </button>
          </>
        )}
      </span>
    </span>
  );
}

const andMore = (n: number) => (n > 1 ? ` (and ${n - 1} more)` : "");

/** Unfinished steps of a saved Draft: not an error, but what going Live will ask for. */
function Unfinished({ problems, onSelect }: { problems: StepProblem[]; onSelect: (id: string) => void }) {
  if (!problems.length) return null;
  const text = `Before going Live: ${describeProblem(problems[0])}${andMore(problems.length)}`;
  return (
    <span data-testid="unfinished-steps" className="min-w-0">
      <Notice text={text} tone="text-amber-800" onClick={() => onSelect(problems[0].stepId)} />
    </span>
  );
}

/** Steps no run reaches: the workflow saves and goes Live as it is, but they never run. */
function Unreached({ onSelect }: { onSelect: (id: string) => void }) {
  const { settledSteps: steps } = useEditor(); // checked a render behind while typing (editor-context)
  const numbers = useMemo(() => unreachableSteps(steps), [steps]);
  if (!numbers.length) return null;
  const first = steps[numbers[0] - 1];
  const text = `Never runs: ${numbers.length > 1 ? `steps ${numberRanges(numbers)}` : `step ${numbers[0]} (${STEP_CATALOG[first.kind].label})`} — no branch or Otherwise leads there`;
  return (
    <span data-testid="unreachable-steps" className="min-w-0">
      <Notice text={text} state="unreachable" tone="text-amber-800" onClick={() => onSelect(first.id)} />
    </span>
  );
}

export function SaveIndicator({ save, onSelect }: { save: SaveState; onSelect: (id: string) => void }) {
  const { steps, doc, lost } = useEditor();
  const unparsed = useUnparsedJson()
    .map((u) => ({ ...u, at: steps.findIndex((s) => s.id === u.stepId) }))
    .find((u) => u.at >= 0);
  const unfinished = doc.problems.filter((p) => p.incomplete);
  const calm = save.kind === "saved" || save.kind === "pending" || save.kind === "saving";
  const notes = save.kind === "saved" && !lost && !(unparsed && calm);
  // The live region stays in place (one that appears with its words is often not read) and holds
  // the state only.
  return (
    <span className="flex min-w-0 items-center gap-3">
      <span role="status" aria-live="polite" className="flex min-w-0 shrink-0">
        <State save={save} onSelect={onSelect} unparsed={unparsed} calm={calm} />
      </span>
      {notes && (
        <>
          <Unfinished problems={unfinished} onSelect={onSelect} />
          <Unreached onSelect={onSelect} />
        </>
      )}
    </span>
  );
}

function State({ save, onSelect, unparsed, calm }: { save: SaveState; onSelect: (id: string) => void; unparsed: { stepId: string; label: string; at: number } | undefined; calm: boolean }) {
  const { steps, doc, lost } = useEditor();
  // Not "All changes saved" on a workflow that is gone, or no longer this user's to change.
  if (lost) {
    const text = `${doc.dirty ? "Not saved: " : ""}${LOST_REASON[lost]}`;
    return <span className={`${base} text-amber-800`} data-save-state="lost"><AlertTriangle className="h-3.5 w-3.5 shrink-0" aria-hidden /><span className="line-clamp-2 whitespace-normal first-letter:uppercase">{text}</span></span>;
  }

  if (unparsed && calm) {
    const text = `Not saved: step ${unparsed.at + 1} (${STEP_CATALOG[steps[unparsed.at].kind].label}): ${unparsed.label} is not valid JSON yet`;
    return <Notice text={text} state="unparsed" tone="text-amber-800" onClick={() => onSelect(unparsed.stepId)} />;
  }
  switch (save.kind) {
    case "saved":
      return <span className={`${base} shrink-0 text-slate-500`} data-save-state="saved"><Check className="h-3.5 w-3.5" aria-hidden /> All changes saved</span>;
    case "pending":
      return <span className={`${base} text-slate-500`} data-save-state="pending"><CloudUpload className="h-3.5 w-3.5" aria-hidden /> Unsaved changes</span>;
    case "saving":
      return <span className={`${base} text-slate-500`} data-save-state="saving"><Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> Saving…</span>;
    case "invalid": {
      const [first] = save.problems;
      const why = save.live && first.incomplete ? " — a Live workflow saves finished steps only: fill it in, or Unpublish to keep working in Draft" : "";
      return <Notice text={`Not saved: ${describeProblem(first)}${andMore(save.problems.length)}${why}`} state="invalid" tone="text-amber-800" onClick={() => onSelect(first.stepId)} />;
    }
    case "error":
      if (save.sessionEnded) return <SessionEnded />;
      return <SaveFailed message={save.message} retryAt={save.retryAt} />;
    case "conflict":
      return <span className={`${base} text-red-700`} data-save-state="conflict"><AlertTriangle className="h-3.5 w-3.5" aria-hidden /> Saved elsewhere</span>;
  }
}

