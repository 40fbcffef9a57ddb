"use client";
// "New workflow": asks for a name, creates an empty Draft through the management API and
// opens it in the editor at /w/{ws}/workflows/{id}. A missing name (empty or only spaces) is said
// under the field (workflow-name-field.tsx), before asking the server. A session that ended or a
// workspace no longer shared is said in the editor's words, with a link (access-lost.tsx).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Plus } from "lucide-react";
import { apiFetch } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { NAME_REQUIRED, WorkflowNameField } from "@/components/workflows/workflow-name-field";

export function NewWorkflowButton({ workspaceId }: { workspaceId: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  async function create(form: FormData) {
    const name = String(form.get("name") ?? "").trim();
    setError(null);
    if (!name) return setNameError(NAME_REQUIRED);
    setNameError(null);
    setBusy(true);
    try {
      // apiFetch: a session that ended, or a workspace no longer shared, is said as such.
      const body = await apiFetch<{ id?: string }>(`/api/v1/workspaces/${workspaceId}/workflows`, { method: "POST", json: { name, steps: [] } });
      setOpen(false);
      if (body.id) router.push(`/w/${workspaceId}/workflows/${body.id}`);
      else router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      trigger={
        <button type="button" className={buttonClass("primary")}>
          <Plus className="h-4 w-4" aria-hidden /> New workflow
        </button>
      }
      open={open}
      onOpenChange={(o) => (setOpen(o), setError(null), setNameError(null))}
      title="New workflow"
      description="It starts as a Draft; add a trigger and steps, then go Live."
      onSubmit={(form) => void create(form)}
      busy={busy}
      error={error}
      submitLabel="Create"
      busyLabel="Creating…"
    >
      <WorkflowNameField
        name="name"
        error={nameError}
        autoFocus
        placeholder="e.g. New-hire provisioning"
        onChange={() => setNameError(null)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
      />
    </FormDialog>
  );
}
