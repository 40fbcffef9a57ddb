"use client";
// A provider's client workspaces: each opens to its workflows or its members; the provider's
// owners add new ones (POST /api/v1/workspaces/{providerId}/clients) and delete one after typing
// its name (DELETE /api/v1/workspaces/{id}). The provider's members work in every client with
// their provider role, so a new client is ready to push to at once. A refused name (blank, only
// spaces) is said under the field, in words, not as the API's "name: …" with its field path.
// An added client is said (a polite live region); after a delete, focus goes to the next row's
// Delete, as on the Variables page.
import { useId, useState } from "react";
import Link from "next/link";
import { Building2 } from "lucide-react";
import { ApiCallError, apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormDialog } from "@/components/ui/form-dialog";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { useApiAction } from "@/components/ui/use-api-action";
import type { WorkspaceAccess } from "@/lib/workspaces/access";

/** The API's message about the name field without its path ("give the workspace a name" → "Give the workspace a name."), or null. */
function nameMessage(e: unknown): string | null {
  if (!(e instanceof ApiCallError) || e.body.field !== "name") return null;
  const m = e.message.replace(/^name: /, "");
  return `${m.charAt(0).toUpperCase()}${m.slice(1)}${m.endsWith(".") ? "" : "."}`;
}

export function ClientsManager({ providerId, clients, canManage }: { providerId: string; clients: WorkspaceAccess[]; canManage: boolean }) {
  const { run, busy, error } = useApiAction();
  const [nameError, setNameError] = useState<string | null>(null);
  const nameErrorId = useId();
  const { announce, region } = useAnnouncer();
  return (
    <div className="mt-6 space-y-4">
      {region}
      <ErrorAlert error={error} />
      {canManage && (
        <form
          aria-label="Add a client"
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const name = String(new FormData(form).get("name") ?? "");
            setNameError(null);
            let refused = false;
            void run(() =>
              apiFetch(`/api/v1/workspaces/${providerId}/clients`, { method: "POST", json: { name } }).catch((e: unknown) => {
                const said = nameMessage(e);
                if (said === null) throw e;
                refused = true;
                setNameError(said);
              }),
            ).then((ok) => {
              if (!ok || refused) return;
              form.reset();
              announce(`Added ${name.trim()}.`);
            });
          }}
        >
          <div className="min-w-64 flex-1">
            <label className="block text-sm font-medium text-slate-700">
              Client name
              <input
                name="name"
                required
                maxLength={100}
                placeholder="e.g. Fabrikam Legal"
                className={cn(inputClass, "mt-1")}
                onChange={() => setNameError(null)}
                {...(nameError ? { "aria-invalid": true, "aria-describedby": nameErrorId } : {})}
              />
            </label>
            {/* Outside the label, so it is the field's description and not part of its name. */}
            {nameError && (
              <p id={nameErrorId} role="alert" className="mt-1 text-sm text-red-700">
                {nameError}
              </p>
            )}
          </div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>Add client</button>
        </form>
      )}
      {clients.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">No clients yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Clients">
          {clients.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3" data-testid="client-row">
              {/* The name keeps a readable width (basis 12rem): on a phone the buttons wrap below it
                  rather than squeezing it to a letter; a long name wraps instead of being cut. */}
              <span className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                <Building2 className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{c.name}</span>
              </span>
              <span className="ml-auto flex shrink-0 items-center gap-3">
                {/* Named with the client (as Delete is): a screen reader's list of links had a Members and an Open per row. */}
                <Link href={`/w/${c.id}/members`} className={buttonClass("ghost", "sm")}>
                  Members<span className="sr-only"> of {c.name}</span>
                </Link>
                <Link href={`/w/${c.id}/workflows`} className={buttonClass("secondary", "sm")}>
                  Open<span className="sr-only"> {c.name}</span>
                </Link>
                {canManage && <DeleteClientButton client={c} />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DeleteClientButton({ client }: { client: WorkspaceAccess }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const { run, busy, error, setError } = useApiAction();
  return (
    <FormDialog
      trigger={<button type="button" aria-label={`Delete ${client.name}`} className={buttonClass("ghost", "sm", "text-red-600 hover:bg-red-50")}>Delete…</button>}
      open={open}
      onOpenChange={(o) => (setTyped(""), setError(null), setOpen(o))}
      title={`Delete ${client.name}?`}
      description={`Its workflows, runs, variables and secrets, app connections and files are deleted, its webhook URLs stop at once and its members lose access. Its audit events move to the provider's log, beside a record of the deletion, listed under "${client.name} (deleted)". This cannot be undone.`}
      onSubmit={() => void run(() => apiFetch(`/api/v1/workspaces/${client.id}`, { method: "DELETE" })).then((ok) => ok && setOpen(false))}
      busy={busy}
      error={error}
      submitLabel="Delete client"
      busyLabel="Deleting…"
      submitDisabled={typed !== client.name}
      removesRow
    >
      <label className="block text-sm font-medium text-slate-700">
        Type <span className="font-semibold">{client.name}</span> to confirm
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" autoFocus className={`mt-1 ${inputClass} py-2`} />
      </label>
    </FormDialog>
  );
}
