"use client";
// Files of a workspace (at most 10 MB each; empty ones too): upload, replace (confirmed, naming
// the workflows that read it), download, delete (confirmed; one that workflows read lists them
// first). Steps read a file's text as {{ files.NAME }} — e.g. a cleanup script sent as an HTTP
// Request body.
import { useState } from "react";
import { Download } from "lucide-react";
import { ApiCallError, apiFetch, inputClass } from "@/components/resources/api-fetch";
import { DeleteInUseButton } from "@/components/resources/delete-in-use-button";
import { WorkflowUsersList, type WorkflowUser } from "@/components/resources/workflow-users-list";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { KeptForm } from "@/components/ui/kept-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ListFilter } from "@/components/ui/list-filter";
import { FILE_NAME_PATTERN, FILE_NAME_RULE, suggestFileName } from "@/lib/files/file-name";
import type { FileView } from "@/lib/files/file-schema";
import { formatBytes } from "@/lib/format-bytes";
import { matchesFilter } from "@/lib/list-filter";
import { plural } from "@/lib/plural";

const MB = 1024 * 1024;

/** An upload waiting for "Replace?": the file it would replace, as the server last saw it. */
type PendingReplace = { form: HTMLFormElement; file: File; name: string; current: FileView; users: WorkflowUser[] };

export function FilesManager({ workspaceId, files, canEdit }: { workspaceId: string; files: FileView[]; canEdit: boolean }) {
  const { run, busy, error, setError } = useApiAction();
  // Its own bookkeeping, so a delete does not read as an upload in progress.
  const remove = useApiAction();
  const base = `/api/v1/workspaces/${workspaceId}/files`;

  const [pending, setPending] = useState<PendingReplace | null>(null);
  const [query, setQuery] = useState("");
  const shown = files.filter((f) => matchesFilter(query, f.name));

  // A KeptForm (a form action resets the form even when the upload was refused): the chosen
  // file and the typed name stay to be corrected, and are cleared once uploaded.
  async function upload(form: HTMLFormElement) {
    const data = new FormData(form);
    const file = data.get("file");
    // No file chosen is a nameless one; an empty file is a file (the API takes 0 bytes).
    if (!(file instanceof File) || file.name === "") return setError("choose a file first");
    if (file.size > 10 * MB) return setError("a file may be at most 10 MB");
    const typed = String(data.get("name") ?? "").trim();
    // A desktop file's own name often breaks the rule ("My Script (v2).ps1"): say so naming it,
    // and put a name that keeps it in the Name field, for the next Upload (or to be changed).
    if (typed === "" && !FILE_NAME_PATTERN.test(file.name)) {
      const suggested = suggestFileName(file.name);
      const field = form.elements.namedItem("name");
      if (suggested !== null && field instanceof HTMLInputElement) {
        field.value = suggested;
        field.focus();
      }
      return setError(`“${file.name}” cannot be this file's name: ${FILE_NAME_RULE}. ${suggested !== null ? `The Name field now suggests “${suggested}”: Upload again to use it, or type another.` : "Type a name in the Name field."}`);
    }
    await send(form, file, typed || file.name, null);
  }

  // A new name only (If-None-Match: *), or a replacement of exactly the file the user agreed to
  // replace (If-Match: its sha256). The server decides at write time, so a file another tab
  // uploaded meanwhile is asked about, not overwritten: its 412 opens (or reopens) "Replace?".
  async function send(form: HTMLFormElement, file: File, name: string, replacing: FileView | null) {
    setPending(null);
    let uploaded = false;
    const ok = await run(async () => {
      try {
        await apiFetch(`${base}/${encodeURIComponent(name)}`, {
          method: "PUT",
          body: file,
          contentType: file.type || "application/octet-stream",
          headers: replacing ? { "if-match": `"${replacing.sha256}"` } : { "if-none-match": "*" },
        });
        uploaded = true;
      } catch (e) {
        if (!(e instanceof ApiCallError) || e.status !== 412) throw e;
        const current = e.body.file as FileView | null;
        // Deleted since the question was asked: nothing to replace any more, so a plain upload.
        if (current === null) return send(form, file, name, null);
        setPending({ form, file, name, current, users: (e.body.workflows as WorkflowUser[] | undefined) ?? [] });
      }
    });
    if (ok && uploaded) form.reset();
  }

  return (
    <div className="mt-6 space-y-6">
      <ErrorAlert error={error ?? remove.error} />
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={`Replace ${pending.name}?`}
          description={
            <>
              {pending.users.length > 0 && `${plural(pending.users.length, "workflow uses", "workflows use")} it; their next runs read the new file. `}
              {`Its current contents (${formatBytes(pending.current.size)}, ${pending.current.contentType}) are replaced by ${pending.file.name} (${formatBytes(pending.file.size)}); download it first to keep a copy.`}
            </>
          }
          details={pending.users.length > 0 ? <WorkflowUsersList workspaceId={workspaceId} users={pending.users} label={`Workflows using ${pending.name}`} /> : undefined}
          confirmLabel="Replace"
          destructive
          onConfirm={() => void send(pending.form, pending.file, pending.name, pending.current)}
        />
      )}
      {canEdit && (
        <KeptForm onSend={upload} className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4" aria-label="Upload a file">
          <label className="text-sm font-medium text-slate-700">File<input name="file" type="file" required className="mt-1 block text-sm" /></label>
          <label className="text-sm font-medium text-slate-700">
            Name <span className="font-normal text-slate-500">(default: the file&apos;s own)</span>
            <input name="name" pattern="[A-Za-z0-9_][A-Za-z0-9._\-]*" className={cn(inputClass, "mt-1 w-64")} />
          </label>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>{busy ? "Uploading…" : "Upload"}</button>
        </KeptForm>
      )}
      {files.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">No files yet. A step reads a file as {"{{ files.NAME }}"}.</p>
      ) : (
        <div className="space-y-3">
          <ListFilter label="Filter files" placeholder="Name" query={query} onQuery={setQuery} shown={shown.length} total={files.length} noun={["file", "files"]} />
          {shown.length > 0 && (
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Files">
              {shown.map((f) => (
                // A long name breaks inside its own line on a phone (the type and size under it)
                // rather than squeezing them into a column of one word each.
                <li key={f.name} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm" data-testid={`file-${f.name}`}>
                  <span className="min-w-0 basis-full break-all font-mono text-slate-900 sm:basis-auto">{f.name}</span>
                  <span className="whitespace-nowrap text-slate-500">{f.contentType}</span>
                  <span className="flex-1 whitespace-nowrap text-slate-500">{formatBytes(f.size)}</span>
                  <code className="hidden text-xs text-slate-500 md:inline">{`{{ files.${f.name} }}`}</code>
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
      )}
    </div>
  );
}
