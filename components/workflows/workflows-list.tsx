"use client";
// A workspace's workflows, live from /api/v1: search, sort (kept in the URL), Draft/Live, last
// run, and Rename / Duplicate / Delete (with confirmation). Server-rendered first with the page's
// data, then kept fresh by react-query.
import { useId, useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AlertCircle, Search, Workflow as WorkflowIcon, X } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import { inputClass } from "@/components/resources/api-fetch";
import { NewWorkflowButton } from "@/components/workflows/new-workflow-button";
import { RenameWorkflowDialog } from "@/components/workflows/rename-workflow-dialog";
import { WorkflowRow, type RowAction } from "@/components/workflows/workflow-row";
import { useWorkflowList, useWorkflowListActions, type WorkflowListItem } from "@/components/workflows/workflow-list-api";
import { copiesCutOff, usePushedCopies } from "@/components/workflows/use-pushed-copies";
import { useSortParam } from "@/components/workflows/use-sort-param";
import { filterWorkflows } from "@/lib/workflow-list/filter-workflows";
import { sortWorkflows, WORKFLOW_SORTS, type WorkflowSort } from "@/lib/workflow-list/sort-workflows";

/** sort: the order the URL asks for (`?sort=`). */
type Props = { workspaceId: string; canEdit: boolean; initial?: WorkflowListItem[]; sort: WorkflowSort };
type Notice = { tone: "info" | "error"; text: string };

export function WorkflowsList(props: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <WorkflowsListInner {...props} />
    </QueryClientProvider>
  );
}

function WorkflowsListInner({ workspaceId, canEdit, initial, sort: sortFromUrl }: Props) {
  const list = useWorkflowList(workspaceId, initial);
  const [sort, setSort] = useSortParam(sortFromUrl);
  const sortId = useId();
  const { rename, duplicate, remove } = useWorkflowListActions(workspaceId);
  const [query, setQuery] = useState("");
  const [dialog, setDialog] = useState<{ action: Exclude<RowAction, "duplicate">; workflow: WorkflowListItem } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // Deleting a workflow cuts its clients' copies off from it for good: the confirmation says so.
  const copiesOf = usePushedCopies(dialog?.action === "delete" ? dialog.workflow.id : null);

  const workflows = list.data ?? [];
  // Sorted on each render, so the 15 s refresh's rows come in the chosen order too.
  const shown = sortWorkflows(filterWorkflows(workflows, query), sort);

  function onAction(workflow: WorkflowListItem, action: RowAction) {
    setNotice(null);
    rename.reset();
    if (action !== "duplicate") return setDialog({ action, workflow });
    setBusyId(workflow.id);
    duplicate.mutate(
      { id: workflow.id },
      {
        onSuccess: ({ created, secretDropped, accountsCleared }) =>
          setNotice({
            tone: "info",
            text:
              `Duplicated as “${created.name}” (Draft).` +
              (secretDropped ? " The webhook's shared secret is write-only and was not copied: set it again on the copy's trigger." : "") +
              (accountsCleared ? ` ${accountsCleared === 1 ? "A step's account was" : `${accountsCleared} steps' accounts were`} deleted: choose one on the copy.` : ""),
          }),
        onError: (e) => setNotice({ tone: "error", text: `Could not duplicate “${workflow.name}”: ${e.message}` }),
        onSettled: () => setBusyId(null),
      },
    );
  }

  const header = (
    <div className="mt-6 flex flex-wrap items-center gap-3 lg:flex-nowrap">
      {/* A line of its own below 1024 px, Sort, the count and New workflow under it (from 640 px
          in one line they squeezed the search to a word and wrapped the count and the button). */}
      <label className="relative block w-full lg:max-w-sm">
        <span className="sr-only">Search workflows</span>
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by name, Draft/Live, trigger or last run"
          className={`${inputClass} py-2 pl-8`}
        />
      </label>
      <div className="flex shrink-0 items-center gap-2">
        <label htmlFor={sortId} className="text-sm text-slate-600">
          Sort<span className="sr-only"> workflows</span>
        </label>
        <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as WorkflowSort)} className={cn(inputClass, "w-auto py-2")}>
          {WORKFLOW_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {workflows.length > 0 && (
        <p className="whitespace-nowrap text-sm text-slate-500" aria-live="polite">
          {/* Said on each keystroke: "2 of 4" alone did not say of what. */}
          {query ? (
            <>
              {shown.length} of {workflows.length}
              <span className="sr-only"> {workflows.length === 1 ? "workflow matches" : "workflows match"}</span>
            </>
          ) : (
            `${workflows.length} ${workflows.length === 1 ? "workflow" : "workflows"}`
          )}
        </p>
      )}
      <div className="ml-auto shrink-0">{canEdit && workflows.length > 0 && <NewWorkflowButton workspaceId={workspaceId} />}</div>
    </div>
  );

  return (
    <>
      {header}
      {notice && (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          className={`mt-4 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${
            notice.tone === "error" ? "bg-red-50 text-red-800 ring-red-200" : "bg-brand-50 text-brand-800 ring-brand-100"
          }`}
        >
          <span className="flex-1">{notice.text}</span>
          <IconButton label="Dismiss" className="h-6 w-6" onClick={() => setNotice(null)}>
            <X className="h-3.5 w-3.5" aria-hidden />
          </IconButton>
        </div>
      )}

      {list.isPending ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Loading workflows" aria-busy>
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-4 px-4 py-4">
              <span className="h-4 flex-1 animate-pulse rounded bg-slate-100" />
              <span className="h-4 w-16 animate-pulse rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      ) : list.isError && !list.data ? (
        <div role="alert" className="mt-4 flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-sm text-red-800">
          <AlertCircle className="h-5 w-5" aria-hidden />
          <span className="flex-1">Could not load the workflows: {list.error.message}</span>
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      ) : workflows.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <WorkflowIcon className="h-10 w-10 text-slate-300" aria-hidden />
          <h2 className="mt-4 text-base font-semibold text-slate-900">{canEdit ? "No workflows yet — create one" : "No workflows yet"}</h2>
          <p className="mt-1 max-w-md text-sm text-slate-500">
            {canEdit
              ? "Start from a trigger such as a Webhook or Scheduler, add the steps that should run, test them with sample data, then go Live."
              : "Someone with the editor role in this workspace can create one."}
          </p>
          {canEdit && (
            <div className="mt-6">
              <NewWorkflowButton workspaceId={workspaceId} />
            </div>
          )}
        </div>
      ) : shown.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-sm text-slate-500">
          <p>No workflow matches “{query}”.</p>
          <button type="button" className={buttonClass("ghost", "sm", "mt-3")} onClick={() => setQuery("")}>
            Clear search
          </button>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Workflows">
          {shown.map((w) => (
            <WorkflowRow key={w.id} workspaceId={workspaceId} workflow={w} canEdit={canEdit} busy={busyId === w.id} onAction={(a) => onAction(w, a)} />
          ))}
        </ul>
      )}

      <RenameWorkflowDialog
        open={dialog?.action === "rename"}
        onOpenChange={(o) => !o && setDialog(null)}
        currentName={dialog?.workflow.name ?? ""}
        busy={rename.isPending}
        error={rename.error?.message ?? null}
        onRename={(name) =>
          dialog &&
          rename.mutate(
            { id: dialog.workflow.id, name },
            { onSuccess: () => (setDialog(null), setNotice({ tone: "info", text: `Renamed to “${name}”.` })) },
          )
        }
      />
      <ConfirmDialog
        open={dialog?.action === "delete"}
        onOpenChange={(o) => !o && setDialog(null)}
        title="Delete workflow?"
        description={
          <>
            “{dialog?.workflow.name}” and its run history are deleted for good.
            {dialog?.workflow.mode === "live" && " It is Live: its webhook URL and schedule stop at once."}
            {copiesOf.clients && copiesCutOff(copiesOf.clients)}
            {copiesOf.failed && " (Could not check which clients have a copy of it: a client's copy stays theirs but gets no further updates.)"}
          </>
        }
        confirmLabel="Delete workflow"
        destructive
        removesRow
        waitingLabel={copiesOf.checking ? "Checking clients' copies…" : undefined}
        onConfirm={() => {
          const target = dialog?.workflow;
          if (!target) return;
          setBusyId(target.id);
          remove.mutate(
            { id: target.id },
            {
              onSuccess: () => setNotice({ tone: "info", text: `Deleted “${target.name}”.` }),
              onError: (e) => setNotice({ tone: "error", text: `Could not delete “${target.name}”: ${e.message}` }),
              onSettled: () => setBusyId(null),
            },
          );
        }}
      />
    </>
  );
}
