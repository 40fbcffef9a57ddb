"use client";
// Push a workflow to exactly one client: pick the client, read the preflight, choose what
// happens to sample data, push. Repeated per client. A push clears the form (its button too), so
// focus moves to the result rather than falling to the page. The push names the version its
// preflight showed: when the workflow was saved since (409 workflow_changed), nothing is pushed,
// the preflight is loaded again and the panel says what changed (in the steps, and in what the push
// asks of the client) and who saved it when the API says ("The newer version was saved by Alex Smith (alex@…)
// 2 minutes ago"), for the technician to push again. The workflow and the technician's role are
// polled as the editor polls them: deleted, access lost or demoted to viewer while the page is open,
// the panel says so and its controls are disabled, instead of a refused push saying it later.
import { useEffect, useRef, useState } from "react";
import { PreflightItems } from "@/components/push/preflight-view";
import { LostNotice, WithQueryClient } from "@/components/push/query-client";
import { LOST_REASON, useWorkflowLost } from "@/components/editor/use-workspace-role";
import { ApiCallError, apiFetch, inputClass } from "@/components/resources/api-fetch";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TimeAgo } from "@/components/ui/time-ago";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import { preflightChanges, stepChanges } from "@/lib/push/preflight-changes";
import type { SampleDataChoice } from "@/lib/push/push-input";
import type { PreflightView } from "@/lib/push/to-preflight-view";
import type { PushedCopyView } from "@/lib/push/list-pushed-copies";

/** `copy`: the state of the client's copy (null: it has none), to group the picker by. */
type Client = { id: string; name: string; copy?: PushedCopyView["status"] | null };
type Props = { workspaceId: string; workflowId: string; clients: Client[] };

// The picker's groups, in the order a technician pushing to many clients works through them.
const GROUPS: [state: Client["copy"], label: string][] = [
  [null, "No copy yet"],
  ["behind", "Behind"],
  ["edited_by_client", "Edited by the client"],
  ["up_to_date", "Up to date"],
];

/** The picker's options: grouped by the copy's state once any client has a copy (else one plain list). */
function ClientOptions({ clients }: { clients: Client[] }) {
  const option = (c: Client) => <option key={c.id} value={c.id}>{c.name}</option>;
  if (!clients.some((c) => c.copy)) return <>{clients.map(option)}</>;
  return (
    <>
      {GROUPS.map(([state, label]) => {
        const mine = clients.filter((c) => (c.copy ?? null) === state);
        return mine.length === 0 ? null : <optgroup key={label} label={`${label} (${mine.length})`}>{mine.map(option)}</optgroup>;
      })}
    </>
  );
}

export function PushPanel(props: Props) {
  return (
    <WithQueryClient>
      <Panel {...props} />
    </WithQueryClient>
  );
}

function Panel({ workspaceId, workflowId, clients }: Props) {
  const lost = useWorkflowLost(workspaceId, workflowId);
  const [target, setTarget] = useState("");
  const [preflight, setPreflight] = useState<PreflightView | null>(null);
  const [sampleData, setSampleData] = useState<SampleDataChoice | "">("");
  const { run, busy, error, setError } = useApiAction();
  const [done, setDone] = useState<string | null>(null);
  // A push refused because the workflow was saved after the preflight shown: the versions, what
  // changed in the steps, and what the new preflight asks of the client differently.
  // `by`: who saved the newer version and when, as the 409 says (savedBy / savedAt), if known.
  const [changed, setChanged] = useState<{ from: number; to: number; steps: string[]; changes: string[]; by: SavedBy | null } | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
  // The preflight appears below the client picker, where focus stays: it is said when it arrives.
  const { announce, region } = useAnnouncer();
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  // The preflight is loaded when a client is picked; a later pick makes an earlier answer stale.
  const latest = useRef("");
  function pick(id: string) {
    latest.current = id;
    setTarget(id);
    setPreflight(null);
    setSampleData("");
    setDone(null);
    setChanged(null);
    setError(null);
    if (!id) return;
    // Said where focus stays, as the preflight is when it arrives (which then replaces this).
    announce("Checking what the push needs…");
    loadPreflight(id).then(
      (p) => {
        if (latest.current !== id) return;
        setPreflight(p);
        announce(`Preflight for ${p.target.name} loaded, below.`);
      },
      (e: Error) => latest.current === id && setError(clientGone(e, id) ?? e.message),
    );
  }

  // A client deleted (or out of the technician's reach) since the page loaded: said by its name,
  // where "workspace not found" alone left them guessing which of dozens it was.
  function clientGone(e: Error, id: string): string | null {
    if (!(e instanceof ApiCallError && e.status === 404 && e.body.message === "workspace not found")) return null;
    const name = clients.find((c) => c.id === id)?.name ?? "This client";
    return `${name} can no longer be pushed to: the workspace was deleted, or you no longer have access to it. Nothing was pushed. Reload the page for the current list of clients.`;
  }

  const loadPreflight = (id: string) => apiFetch<PreflightView>(`/api/v1/workflows/${workflowId}/push-preflight?target=${encodeURIComponent(id)}`);

  const needsChoice = preflight?.sampleData.present && sampleData === "";

  async function push() {
    if (!preflight) return;
    const shown = preflight;
    const name = shown.target.name;
    await run(async () => {
      let res: { created: boolean };
      try {
        res = await apiFetch<{ created: boolean }>(`/api/v1/workflows/${workflowId}/push`, {
          method: "POST",
          // No choice is asked where the workflow has no sample data: the push then keeps the client's own.
          json: { targetWorkspaceId: target, version: shown.workflow.version, ...(sampleData && { sampleData }) },
        });
      } catch (e) {
        const gone = clientGone(e as Error, target);
        if (gone) throw new Error(gone);
        if (!(e instanceof ApiCallError && e.body.error === "workflow_changed")) throw e;
        // Returning (not throwing) lets the page refresh too: its header shows the new version.
        const fresh = await loadPreflight(target);
        if (latest.current !== target) return;
        setPreflight(fresh);
        setSampleData("");
        setChanged({ from: shown.workflow.version, to: fresh.workflow.version, steps: stepChanges(shown, fresh), changes: preflightChanges(shown, fresh), by: savedByOf(e.body) });
        return;
      }
      pick("");
      setDone(`${res.created ? "Pushed a new copy to" : "Updated the copy in"} ${name}. It is in Draft until the client completes its review and goes Live.`);
    });
  }

  return (
    <div className="space-y-4">
      {region}
      {lost && <LostNotice id="push-lost" action="You can no longer push this workflow" reason={LOST_REASON[lost]} />}
      {done && <p ref={result} tabIndex={-1} role="status" className="rounded-md outline-none bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{done}</p>}
      <ErrorAlert error={error} />
      <label className="block max-w-md text-sm font-medium text-slate-700">
        Client workspace
        <select aria-label="Client workspace" value={target} disabled={!!lost} onChange={(e) => pick(e.target.value)} className={cn(inputClass, "mt-1")}>
          <option value="">Choose one client…</option>
          <ClientOptions clients={clients} />
        </select>
      </label>
      {changed && (
        <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="push-workflow-changed">
          <p className="font-medium">
            Not pushed: the workflow was saved since this preflight (version {changed.from} → version {changed.to}). The preflight below is for version {changed.to}: check
            it, and the steps in the editor, then push again.
          </p>
          {changed.by && (
            <p data-testid="push-changed-by">
              The newer version was saved by <strong className="font-semibold">{changed.by.name}</strong> ({changed.by.email}){changed.by.at && <> <TimeAgo at={changed.by.at} /></>}.
            </p>
          )}
          <p>In the steps:</p>
          {changed.steps.length > 0 ? (
            <ul className="list-disc pl-5" data-testid="push-changed-steps">{changed.steps.map((c) => <li key={c}>{c}</li>)}</ul>
          ) : (
            <p className="pl-5" data-testid="push-changed-steps">No step was added, removed, renamed, moved or changed (the workflow&apos;s name or sample data may have).</p>
          )}
          <p>In what the push asks of {preflight?.target.name ?? "the client"}:</p>
          {changed.changes.length > 0 ? (
            <ul className="list-disc pl-5" data-testid="push-changed-needs">{changed.changes.map((c) => <li key={c}>{c}</li>)}</ul>
          ) : (
            <p className="pl-5" data-testid="push-changed-needs">Nothing new: it reads the same keys and files, with the same notes.</p>
          )}
        </div>
      )}
      {target && !preflight && !error && <p className="text-sm text-slate-500">Checking what the push needs…</p>}
      {preflight && (
        <>
          <h2 className="text-lg font-semibold wrap-anywhere">Preflight for {preflight.target.name}</h2>
          <PreflightItems preflight={preflight} />
          {preflight.sampleData.present && (
            <fieldset className="flex gap-6 text-sm">
              <legend className="mb-1 font-medium text-slate-700">Sample data</legend>
              <label className="flex items-center gap-2"><input type="radio" name="sampleData" disabled={!!lost} checked={sampleData === "keep"} onChange={() => setSampleData("keep")} /> Keep it</label>
              <label className="flex items-center gap-2"><input type="radio" name="sampleData" disabled={!!lost} checked={sampleData === "clear"} onChange={() => setSampleData("clear")} /> Clear it</label>
              {preflight.sampleData.options.includes("replace") && (
                <label className="flex items-center gap-2">
                  <input type="radio" name="sampleData" disabled={!!lost} checked={sampleData === "replace"} onChange={() => setSampleData("replace")} /> Replace the client&apos;s own with it
                </label>
              )}
            </fieldset>
          )}
          {/* Busy, not disabled, while pushing: a refused push leaves focus on it. Disabled until
              the sample data choice is made, and then says so beside it (a disabled button alone
              gave no reason), and once pushing is no longer possible (said above, and by it). */}
          <div className="flex flex-wrap items-center gap-3">
            <BusyButton
              busy={busy}
              // The whole client name, on more lines when long: the end of the name is often what
              // tells clients apart ("… — Filial Bergen").
              className={cn(buttonClass("primary"), "h-auto min-h-9 max-w-full py-1.5 text-left wrap-anywhere")}
              disabled={needsChoice || !!lost}
              aria-describedby={lost ? "push-lost" : needsChoice ? "push-needs-choice" : undefined}
              onClick={() => void push()}
            >
              {busy ? "Pushing…" : `Push to ${preflight.target.name}`}
            </BusyButton>
            {needsChoice && !lost && (
              <span id="push-needs-choice" className="text-sm text-slate-500" data-testid="push-needs-choice">
                Choose what happens to the sample data first: {sampleChoices(preflight.sampleData.options)}.
              </span>
            )}
          </div>
        </>
      )}
    </div>
  );
}

// The radio labels above, as the sentence beside the disabled button names them.
function sampleChoices(options: readonly SampleDataChoice[]): string {
  const labels = ["Keep it", "Clear it", ...(options.includes("replace") ? ["Replace the client's own with it"] : [])].map((l) => `“${l}”`);
  return labels.length === 2 ? labels.join(" or ") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

type SavedBy = { name: string; email: string; at: string | null };

/** Who saved the version a push was refused for, from the 409's savedBy / savedAt (nothing else trusted). */
function savedByOf(body: Record<string, unknown>): SavedBy | null {
  const by = body.savedBy as { name?: unknown; email?: unknown } | null | undefined;
  if (!by || typeof by.name !== "string" || typeof by.email !== "string") return null;
  return { name: by.name, email: by.email, at: typeof body.savedAt === "string" ? body.savedAt : null };
}
