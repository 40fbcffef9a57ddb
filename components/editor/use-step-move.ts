"use client";
// The step panel's "Move step up/down": a move that would put a Conditions branch's target at or
// before its Conditions step is refused with the reason (lib/editor/step-ops.ts moveProblem)
// instead of turning the branch into "Stop the run" — on a Live workflow that saved at once, and
// the branch's steps were no longer reached. The reason stays for that step until the steps change.
// A move that puts a step in another branch (past the next branch's first step) is asked first,
// saying which (lib/editor/branch-paths.ts branchChangeOnMove): made silently, the step ran for
// the other branch's events and failed reading its old branch's outputs.
import { useState } from "react";
import { useEditor } from "@/components/editor/editor-context";
import { branchChangeOnMove } from "@/lib/editor/branch-paths";
import { moveProblem } from "@/lib/editor/step-ops";

type Held = { stepId: string; steps: unknown; message: string; to?: number };

export function useStepMove(stepId: string | undefined, index: number) {
  const { steps, move } = useEditor();
  const [held, setHeld] = useState<Held | null>(null);
  const current = held && held.stepId === stepId && held.steps === steps ? held : null;
  /** True when the step moved (not refused, nor asked about first). */
  const tryMove = (to: number): boolean => {
    if (!stepId) return false;
    const why = moveProblem(steps, index, to);
    if (why) return (setHeld({ stepId, steps, message: why }), false);
    const change = branchChangeOnMove(steps, index, to);
    if (change) return (setHeld({ stepId, steps, message: change, to }), false);
    move(stepId, to);
    return true;
  };
  const confirm = current?.to === undefined ? null : {
    message: current.message,
    up: current.to! < index,
    accept: () => {
      setHeld(null);
      move(current.stepId, current.to!);
    },
    cancel: () => setHeld(null),
  };
  return { tryMove, refusal: current && current.to === undefined ? current.message : null, confirm };
}
