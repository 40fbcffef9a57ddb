"use client";
// "Delete step N?": one confirmation for the step panel's trash button and the canvas's Delete
// key, so both warn the same way when later steps read the step's output.
import { useEditor } from "@/components/editor/editor-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { dependents } from "@/lib/editor/step-ops";

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
