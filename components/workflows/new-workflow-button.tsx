"use client";
// "New workflow": asks for a name, creates an empty Draft through the management API and
// opens it in the editor at /w/{ws}/workflows/{id}.
import { useState } from "react";
import { useRouter } from "next/navigation";
import * as Dialog from "@radix-ui/react-dialog";
import { Plus } from "lucide-react";
import { buttonClass } from "@/components/ui/button";

export function NewWorkflowButton({ workspaceId }: { workspaceId: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(form: FormData) {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(`/api/v1/workspaces/${workspaceId}/workflows`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: String(form.get("name") ?? "").trim(), steps: [] }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string; id?: string };
      if (!res.ok) throw new Error(body.message ?? `could not create the workflow (${res.status})`);
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
    <Dialog.Root open={open} onOpenChange={(o) => (setOpen(o), setError(null))}>
      <Dialog.Trigger className={buttonClass("primary")}>
        <Plus className="h-4 w-4" aria-hidden /> New workflow
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">New workflow</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-500">It starts as a Draft; add a trigger and steps, then go Live.</Dialog.Description>
          <form action={create} className="mt-4 space-y-4">
            <label className="block text-sm font-medium text-slate-700">
              Name
              <input
                name="name"
                required
                maxLength={200}
                autoFocus
                placeholder="e.g. New-hire provisioning"
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
              />
            </label>
            {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                {busy ? "Creating…" : "Create"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
