"use client";
// Push a workflow to exactly one client: pick the client, read the preflight, choose what
// happens to sample data, push. Repeated per client. A push clears the form (its button too), so
// focus moves to the result rather than falling to the page.
import { useEffect, useRef, useState } from "react";
import { PreflightItems } from "@/components/push/preflight-view";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { SampleDataChoice } from "@/lib/push/push-input";
import type { PreflightView } from "@/lib/push/to-preflight-view";

export function PushPanel({ workflowId, clients }: { workflowId: string; clients: { id: string; name: string }[] }) {
  const [target, setTarget] = useState("");
  const [preflight, setPreflight] = useState<PreflightView | null>(null);
  const [sampleData, setSampleData] = useState<SampleDataChoice | "">("");
  const { run, busy, error, setError } = useApiAction();
  const [done, setDone] = useState<string | null>(null);
  const result = useRef<HTMLParagraphElement>(null);
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
    setError(null);
    if (!id) return;
    apiFetch<PreflightView>(`/api/v1/workflows/${workflowId}/push-preflight?target=${encodeURIComponent(id)}`).then(
      (p) => latest.current === id && setPreflight(p),
      (e: Error) => latest.current === id && setError(e.message),
    );
  }

  const needsChoice = preflight?.sampleData.present && sampleData === "";

  async function push() {
    if (!preflight) return;
    const name = preflight.target.name;
    await run(async () => {
      const res = await apiFetch<{ created: boolean }>(`/api/v1/workflows/${workflowId}/push`, {
        method: "POST",
        // No choice is asked where the workflow has no sample data: the push then keeps the client's own.
        json: { targetWorkspaceId: target, ...(sampleData && { sampleData }) },
      });
      pick("");
      setDone(`${res.created ? "Pushed a new copy to" : "Updated the copy in"} ${name}. It is in Draft until the client completes its review and goes Live.`);
    });
  }

  return (
    <div className="space-y-4">
      {done && <p ref={result} tabIndex={-1} role="status" className="rounded-md outline-none bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{done}</p>}
      <ErrorAlert error={error} />
      <label className="block max-w-md text-sm font-medium text-slate-700">
        Client workspace
        <select aria-label="Client workspace" value={target} onChange={(e) => pick(e.target.value)} className={cn(inputClass, "mt-1")}>
          <option value="">Choose one client…</option>
          {clients.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </label>
      {target && !preflight && !error && <p className="text-sm text-slate-500">Checking what the push needs…</p>}
      {preflight && (
        <>
          <h2 className="text-lg font-semibold">Preflight for {preflight.target.name}</h2>
          <PreflightItems preflight={preflight} />
          {preflight.sampleData.present && (
            <fieldset className="flex gap-6 text-sm">
              <legend className="mb-1 font-medium text-slate-700">Sample data</legend>
              <label className="flex items-center gap-2"><input type="radio" name="sampleData" checked={sampleData === "keep"} onChange={() => setSampleData("keep")} /> Keep it</label>
              <label className="flex items-center gap-2"><input type="radio" name="sampleData" checked={sampleData === "clear"} onChange={() => setSampleData("clear")} /> Clear it</label>
              {preflight.sampleData.options.includes("replace") && (
                <label className="flex items-center gap-2">
                  <input type="radio" name="sampleData" checked={sampleData === "replace"} onChange={() => setSampleData("replace")} /> Replace the client&apos;s own with it
                </label>
              )}
            </fieldset>
          )}
          {/* Busy, not disabled, while pushing: a refused push leaves focus on it. */}
          <BusyButton busy={busy} className={buttonClass("primary")} disabled={needsChoice} onClick={() => void push()}>
            {busy ? "Pushing…" : `Push to ${preflight.target.name}`}
          </BusyButton>
        </>
      )}
    </div>
  );
}
