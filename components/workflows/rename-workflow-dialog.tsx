"use client";
// Rename a workflow in place.
import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { inputClass } from "@/components/resources/api-fetch";

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
  // The list opens the dialog through `open` (Radix calls onOpenChange only for its own
  // closing), so the field is reset here, while rendering, each time it opens: otherwise it
  // kept the name typed for the previous workflow.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setName(currentName);
  }
  const trimmed = name.trim();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename workflow"
      description="The name shows in this list, the editor and run history."
      onSubmit={() => {
        if (trimmed && trimmed !== currentName) onRename(trimmed);
        else onOpenChange(false);
      }}
      busy={busy}
      error={error}
      submitLabel="Rename"
      busyLabel="Saving…"
      submitDisabled={!trimmed}
    >
      <label className="block text-sm font-medium text-slate-700">
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={200}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          className={`mt-1 ${inputClass} py-2`}
        />
      </label>
    </FormDialog>
  );
}
