"use client";
// Under a Conditions step whose rule uses "was already seen": how many ids the workflow remembers
// and since when, a box to check one, and for editors Forget this id / Forget all… — the way to let
// a legitimate resend through once the bug that failed its first run is fixed (the rule would stop
// it as a repeat). Outside the panel's disabled fieldset: a viewer may still check an id; only the
// write actions are hidden from them. The id typed is sent as text, which the API turns into the
// rule's id ("42" is the 42 a sender sent as a number).
import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ExactTime } from "@/components/ui/exact-time";
import type { SeenIdCheck, SeenIdsForgotten, SeenIdsView } from "@/lib/seen-ids/seen-id-input";

type Checked = { value: string; answer: SeenIdCheck };

export function SeenIdsSection({ workflowId, readOnly }: { workflowId: string; readOnly: boolean }) {
  const id = useId();
  const qc = useQueryClient();
  const key = ["seen-ids", workflowId];
  const url = `/api/v1/workflows/${workflowId}/seen-ids`;
  // Live runs record ids while the panel is open: read again now and then, and on coming back.
  const view = useQuery({ queryKey: key, queryFn: () => apiFetch<SeenIdsView>(`${url}?limit=1`), refetchInterval: 15_000 });
  const [value, setValue] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);

  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    act(async () => {
      const answer = await apiFetch<SeenIdCheck>(`${url}/check`, { method: "POST", json: { value } });
      setChecked({ value, answer });
    });
  const forget = (body: { value: string } | { all: true }, done: (r: SeenIdsForgotten) => string) =>
    act(async () => {
      const r = await apiFetch<SeenIdsForgotten>(url, { method: "DELETE", json: body });
      setChecked(null);
      setNote(done(r));
      await qc.invalidateQueries({ queryKey: key });
    });

  const count = view.data?.count ?? 0;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 space-y-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="seen-ids">
      <h3 id={`${id}-title`} className="font-medium text-slate-800">
        Remembered ids: {view.data ? count.toLocaleString("en-US") : "…"}
        {view.data?.oldestFirstSeenAt && (
          <span className="font-normal text-slate-600">
            {" "}
            (since <ExactTime at={view.data.oldestFirstSeenAt} />)
          </span>
        )}
      </h3>
      <p className="text-xs text-slate-600">
        A live run that gets to a &quot;was already seen&quot; rule remembers its id, and a later run with the same id stops there as a repeat. Forget an id to let its next delivery run on — say, a resend of an event whose first run failed on a problem you have since fixed.
      </p>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim() !== "") void check();
        }}
      >
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={`${id}-value`} className="block text-xs font-medium text-slate-600">
            Check an id
          </label>
          <input id={`${id}-value`} className={inputClass} value={value} placeholder="alert-42" onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="submit" className={buttonClass("secondary", "sm")} disabled={busy || value.trim() === ""}>
          Check
        </button>
      </form>
      {checked && (
        <div role="status" className="space-y-2 text-slate-700">
          {checked.answer.remembered ? (
            <>
              <p>
                &quot;{checked.value}&quot; is remembered: first seen <ExactTime at={checked.answer.firstSeenAt} />, kept until <ExactTime at={checked.answer.expiresAt} />. Its next delivery stops as a repeat.
              </p>
              {!readOnly && (
                <button
                  type="button"
                  className={buttonClass("secondary", "sm")}
                  disabled={busy}
                  onClick={() => void forget({ value: checked.value }, () => `Forgot "${checked.value}": its next delivery runs on.`)}
                >
                  Forget this id
                </button>
              )}
            </>
          ) : (
            <p>&quot;{checked.value}&quot; is not remembered: its next delivery runs on.</p>
          )}
        </div>
      )}
      {note && (
        <p role="status" className="text-slate-700">
          {note}
        </p>
      )}
      <ErrorAlert error={error} />
      {!readOnly && count > 0 && (
        <ConfirmDialog
          open={confirmAll}
          onOpenChange={setConfirmAll}
          trigger={
            <button type="button" className={buttonClass("ghost", "sm")} disabled={busy}>
              Forget all…
            </button>
          }
          title={`Forget all ${count.toLocaleString("en-US")} remembered ids?`}
          description="The next delivery of each of them runs on as new — a sender's retry of an event already handled too, which may open a second ticket."
          confirmLabel="Forget all"
          destructive
          onConfirm={() => void forget({ all: true }, (r) => `Forgot ${r.forgotten.toLocaleString("en-US")} id${r.forgotten === 1 ? "" : "s"}.`)}
        />
      )}
    </section>
  );
}
