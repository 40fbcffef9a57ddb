"use client";
// The step panel's "Move step up/down": a move that would put a Conditions branch's target at or
// before its Conditions step is refused with the reason (lib/editor/step-ops.ts moveProblem)
// instead of turning the branch into "Stop the run" — on a Live workflow that saved at once, and
// the branch's steps were no longer reached. The reason stays for that step until the steps change.
import { useState } from "react";
import { useEditor } from "@/components/editor/editor-context";
import { moveProblem } from "@/lib/editor/step-ops";

export function useStepMove(stepId: string | undefined, index: number) {
  const { steps, move } = useEditor();
  const [refused, setRefused] = useState<{ stepId: string; steps: unknown; message: string } | null>(null);
  const refusal = refused && refused.stepId === stepId && refused.steps === steps ? refused.message : null;
  const tryMove = (to: number) => {
    if (!stepId) return;
    const why = moveProblem(steps, index, to);
    if (why) setRefused({ stepId, steps, message: why });
    else move(stepId, to);
  };
  return { tryMove, refusal };
}
