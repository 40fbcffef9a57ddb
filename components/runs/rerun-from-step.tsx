"use client";
// Run again from the failed step, beside that step's error in a Runs page row: a new test run
// that copies the steps before it from this run and goes on from it (POST …/rerun {"from":
// "failed_step"}). Run again ran every step, so a fix to step 5 sent step 3's request to the PSA
// again (a second ticket). The outcome links to the new run in the editor, on the step run again.
import Link from "next/link";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api } from "@/components/editor/api";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";
import type { RunView } from "@/lib/editor/api-types";

export function RerunFromStep({ runId, step, href }: { runId: string; step: { number: number; stepId: string }; href: (runId: string) => string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      const view = await api<RunView>(`/api/v1/runs/${runId}/rerun`, { method: "POST", body: { from: "failed_step" } });
      setStarted(view.id);
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-2">
      <BusyButton className={buttonClass("secondary", "sm")} busy={busy} onClick={() => void act()}>
        Run again from step {step.number}
      </BusyButton>
      {started ? (
        <span role="status" className="text-slate-600">
          Started a new test run from step {step.number}, with this run&apos;s outputs of the steps before it.{" "}
          <Link href={href(started)} className="font-medium text-brand-700 hover:underline">
            Open the new run
          </Link>
        </span>
      ) : (
        <span className="text-slate-500">the steps before it are not run again: their outputs are copied from this run (a step added before it since is run)</span>
      )}
      {error && (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
