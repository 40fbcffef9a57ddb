"use client";
// A step's references that found no data in a run ({{ 2.body.tickt.company }}, a typo, reads as
// null): said where the step's record is shown — its Executions entry and Test & Debug's Result —
// so a null in the output (or a URL that came out as `/tickets/`) has its reason beside it.
import { TriangleAlert } from "lucide-react";
import type { RunStepView } from "@/lib/editor/api-types";

/** The step's references that found no data, from its record. */
export function unresolvedOf(stepRun: Pick<RunStepView, "unresolved"> | null | undefined): string[] {
  const list = stepRun?.unresolved;
  return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : [];
}

export function UnresolvedNote({ refs }: { refs: string[] }) {
  return (
    <div role="note" data-testid="unresolved-references" className="flex gap-2 rounded-md bg-amber-50 p-2 text-amber-900">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        {refs.length === 1 ? "This reference found no data" : `These ${refs.length} references found no data`} in the run, so{" "}
        {refs.length === 1 ? "it" : "each"} read as empty (null in a field of its own):{" "}
        {refs.map((r, i) => (
          <span key={r}>
            {i > 0 && ", "}
            <code className="break-all rounded bg-amber-100 px-1 font-mono text-xs">{r}</code>
          </span>
        ))}
      </p>
    </div>
  );
}
