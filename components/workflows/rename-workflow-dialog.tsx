"use client";
// Rename a workflow in place (Radix Dialog: focus trap, Escape, title announced).
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { buttonClass } from "@/components/ui/button";
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
  const trimmed = name.trim();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o && setName(currentName), onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Rename workflow</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-500">The name shows in this list, the editor and run history.</Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (trimmed && trimmed !== currentName) onRename(trimmed);
              else onOpenChange(false);
            }}
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
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" disabled={busy || !trimmed} className={buttonClass("primary")}>
                {busy ? "Saving…" : "Rename"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
