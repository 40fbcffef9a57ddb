"use client";
// Files of a workspace (at most 10 MB each): upload or replace, download, delete (confirmed; one
// that workflows read lists them first). Steps read a file's text as {{ files.NAME }} — e.g. a
// cleanup script sent as an HTTP Request body.
import { Download } from "lucide-react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { DeleteInUseButton } from "@/components/resources/delete-in-use-button";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { FileView } from "@/lib/files/file-schema";
import { formatBytes } from "@/lib/format-bytes";

const MB = 1024 * 1024;

export function FilesManager({ workspaceId, files, canEdit }: { workspaceId: string; files: FileView[]; canEdit: boolean }) {
  const { run, busy, error, setError } = useApiAction();
  // Its own bookkeeping, so a delete does not read as an upload in progress.
  const remove = useApiAction();
  const base = `/api/v1/workspaces/${workspaceId}/files`;

  // onSubmit, not a form action (which resets the form even when the upload was refused): the
  // chosen file and the typed name stay to be corrected, and are cleared once uploaded.
  async function upload(form: HTMLFormElement) {
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setError("choose a file first");
    if (file.size > 10 * MB) return setError("a file may be at most 10 MB");
    const name = String(data.get("name") ?? "").trim() || file.name;
    const ok = await run(() => apiFetch(`${base}/${encodeURIComponent(name)}`, { method: "PUT", body: file, contentType: file.type || "application/octet-stream" }));
    if (ok) form.reset();
  }

  return (
    <div className="mt-6 space-y-6">
      <ErrorAlert error={error ?? remove.error} />
      {canEdit && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void upload(e.currentTarget);
          }}
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4" aria-label="Upload a file">
          <label className="text-sm font-medium text-slate-700">File<input name="file" type="file" required className="mt-1 block text-sm" /></label>
          <label className="text-sm font-medium text-slate-700">
            Name <span className="font-normal text-slate-400">(default: the file&apos;s own)</span>
            <input name="name" pattern="[A-Za-z0-9_][A-Za-z0-9._\-]*" className={cn(inputClass, "mt-1 w-64")} />
          </label>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>{busy ? "Uploading…" : "Upload"}</button>
        </form>
      )}
      {files.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">No files yet. A step reads a file as {"{{ files.NAME }}"}.</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Files">
          {files.map((f) => (
            <li key={f.name} className="flex items-center gap-3 px-4 py-3 text-sm" data-testid={`file-${f.name}`}>
              <span className="font-mono text-slate-900">{f.name}</span>
              <span className="text-slate-500">{f.contentType}</span>
              <span className="flex-1 text-slate-500">{formatBytes(f.size)}</span>
              <code className="hidden text-xs text-slate-400 md:inline">{`{{ files.${f.name} }}`}</code>
              <a href={`${base}/${f.name}`} className={buttonClass("ghost", "sm")} aria-label={`Download ${f.name}`}><Download className="h-4 w-4" aria-hidden /></a>
              {canEdit && (
                <DeleteInUseButton
                  name={f.name}
                  path={`${base}/${f.name}`}
                  inUseCode="file_in_use"
                  workspaceId={workspaceId}
                  noun="this file"
                  description="Its contents are deleted; download it first to keep a copy."
                  inUseEffect="Their steps fail until a file of this name is uploaded again; Live ones keep accepting deliveries whose runs stop at those steps."
                  run={remove.run}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
