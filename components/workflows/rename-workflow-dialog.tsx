"use client";
// Rename a workflow in place.
import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { inputClass } from "@/components/resources/api-fetch";
import { NAME_REQUIRED, WorkflowNameField } from "@/components/workflows/workflow-name-field";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string;
  busy: boolean;
  error: string | null;
  onRename: (name: string) => void;
};

export function RenameWorkflowDialog({ open, onOpenChange, currentName, busy, error, onRename }: Props) {
  const [name, setName] = useState(currentName);
  const [nameError, setNameError] = useState<string | null>(null);
  // The list opens the dialog through `open` (Radix calls onOpenChange only for its own
  // closing), so the field is reset here, while rendering, each time it opens: otherwise it
  // kept the name typed for the previous workflow.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setName(currentName);
      setNameError(null);
    }
  }
  const trimmed = name.trim();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename workflow"
      description="The name shows in this list, the editor and run history."
      onSubmit={() => {
        // An empty name is said at the field, as New workflow does (a disabled Rename said nothing).
        if (!trimmed) setNameError(NAME_REQUIRED);
        else if (trimmed !== currentName) onRename(trimmed);
        else onOpenChange(false);
      }}
      busy={busy}
      error={error}
      submitLabel="Rename"
      busyLabel="Saving…"
    >
      <WorkflowNameField
        value={name}
        error={nameError}
        onChange={(e) => (setName(e.target.value), setNameError(null))}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        className={`mt-1 ${inputClass} py-2`}
      />
    </FormDialog>
  );
}
