"use client";
// "Delete step N?": one confirmation for the step panel's trash button and the canvas's Delete
// key, so both warn the same way when later steps read the step's output, and both list the
// Conditions branches that lead to it with where each will go instead (the next step, or stop
// the run): a branch is never changed without saying so — on a Live workflow the delete saves
// at once. Deleting a Conditions step itself says that its branches go away and which steps then
// run one after another for every event (lib/editor/branch-paths.ts branchesOnRemove).
import { useEditor } from "@/components/editor/editor-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { branchesOnRemove, numberRanges, type BranchesOnRemove } from "@/lib/editor/branch-paths";
import { dependents, retargetsOnRemove, type Retarget } from "@/lib/editor/step-ops";

function retargetText(r: Retarget, steps: readonly { name: string }[]): string {
  const branch = `Branch “${r.name}” of step ${r.conditions}`;
  if (r.toNumber === null) return `${branch} will stop the run (status stopped): no step of its branch is left.`;
  return `${branch} will go on at “${steps[r.toNumber - 1]?.name ?? ""}”, the step after this one (now step ${r.toNumber}).`;
}

function MergedBranches({ merged }: { merged: BranchesOnRemove }) {
  const { branches, runForAll } = merged;
  return (
    <div data-testid="delete-step-merges">
      <p className="font-medium text-slate-700">
        {branches.length ? `Its branches go away: ${branches.map((b) => `“${b.name}” (${b.stops ? "stops the run" : `step${b.steps.length > 1 ? "s" : ""} ${numberRanges(b.steps)}`})`).join(", ")}.` : "Its branches go away."}
      </p>
      {runForAll.length > 0 && (
        <p className="mt-1 text-slate-600">
          Step{runForAll.length > 1 ? "s" : ""} {numberRanges(runForAll)} will then run one after another for every event that gets this far, whichever branch it would have taken (Ctrl+Z undoes the delete). To keep one branch only, delete the other branch&apos;s steps first.
        </p>
      )}
    </div>
  );
}

type Props = {
  stepId: string;
  /** The button that opens it; without one, `open` / `onOpenChange` control it. */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** After the delete, with the step that now holds the selection (the next, else the previous). */
  onDeleted?: (neighbourId: string | null) => void;
};

export function DeleteStepDialog({ stepId, trigger, open, onOpenChange, onDeleted }: Props) {
  const { steps, remove } = useEditor();
  const index = steps.findIndex((s) => s.id === stepId);
  const step = steps[index];
  if (!step) return null;
  const number = index + 1;
  const users = dependents(steps, number).filter((n) => n !== number);
  const retargets = retargetsOnRemove(steps, step.id);
  const merged = branchesOnRemove(steps, step.id);
  const branchesChange = retargets.length > 0 || (merged !== null && (merged.branches.length > 0 || merged.runForAll.length > 0));
  return (
    <ConfirmDialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete step ${number}?`}
      description={
        users.length
          ? `Steps ${users.join(", ")} use this step's output; their references will show as removed until you fix them. Ctrl+Z undoes the delete.`
          : `“${step.name}” is removed and later steps are renumbered (their references follow). Ctrl+Z undoes it.`
      }
      details={
        branchesChange ? (
          <>
            {merged && <MergedBranches merged={merged} />}
            {retargets.length > 0 && (
              <div data-testid="delete-step-branches" className={merged ? "mt-2" : undefined}>
                <p className="font-medium text-slate-700">Branches that lead to this step change:</p>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-600">
                  {retargets.map((r) => (
                    <li key={`${r.conditions}:${r.branch}`}>{retargetText(r, steps)}</li>
                  ))}
                </ul>
              </div>
            )}
          </>
        ) : undefined
      }
      confirmLabel="Delete step"
      destructive
      onConfirm={() => {
        const neighbour = steps[index + 1]?.id ?? steps[index - 1]?.id ?? null;
        remove(step.id);
        onDeleted?.(neighbour);
      }}
    />
  );
}
