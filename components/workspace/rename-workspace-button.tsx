"use client";
// Rename… for a workspace's owners (PATCH /api/v1/workspaces/{id}); the page and the switcher
// show the new name once it is saved.
import { useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { useApiAction } from "@/components/ui/use-api-action";

export function RenameWorkspaceButton({ workspaceId, name }: { workspaceId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const { run, busy, error, setError } = useApiAction();
  const submit = async (form: FormData) => {
    const ok = await run(() => apiFetch(`/api/v1/workspaces/${workspaceId}`, { method: "PATCH", json: { name: String(form.get("name") ?? "") } }));
    if (ok) setOpen(false);
  };
  return (
    <FormDialog
      trigger={<button type="button" className={buttonClass("secondary", "sm")}>Rename…</button>}
      open={open}
      onOpenChange={(o) => (setError(null), setOpen(o))}
      title="Rename workspace"
      description="Everyone with access sees the new name; workflows, runs and webhook URLs stay as they are."
      onSubmit={(f) => void submit(f)}
      busy={busy}
      error={error}
      submitLabel="Rename"
      busyLabel="Renaming…"
    >
      <label className="block text-sm font-medium text-slate-700">
        Name
        <input name="name" defaultValue={name} required maxLength={100} autoFocus className={`mt-1 ${inputClass} py-2`} />
      </label>
    </FormDialog>
  );
}
