"use client";
// One workflow in the list: name (opens the editor), Draft/Live, trigger and size, last run
// status and time, and an actions menu (Rename, Duplicate, Delete) for editors.
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Copy, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { RunStatus } from "@/components/editor/run-status";
import { Badge } from "@/components/ui/badge";
import { IconButton } from "@/components/ui/icon-button";
import { relativeTime } from "@/components/ui/relative-time";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import type { WorkflowListItem } from "@/components/workflows/workflow-list-api";

export type RowAction = "rename" | "duplicate" | "delete";

type Props = { workspaceId: string; workflow: WorkflowListItem; canEdit: boolean; busy: boolean; onAction: (action: RowAction) => void };

const ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

function triggerLabel(kind: string | null): string {
  return kind ? (STEP_CATALOG[kind as StepKind]?.label ?? kind) : "No trigger";
}

function When({ iso, prefix }: { iso: string; prefix?: string }) {
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={d.toUTCString()} suppressHydrationWarning>
      {prefix}
      {relativeTime(d)}
    </time>
  );
}

export function WorkflowRow({ workspaceId, workflow: w, canEdit, busy, onAction }: Props) {
  const href = `/w/${workspaceId}/workflows/${w.id}`;
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-slate-50" data-testid="workflow-row" data-workflow-id={w.id} aria-busy={busy || undefined}>
      <div className="min-w-0 flex-1">
        <Link href={href} className="block truncate font-medium text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          {w.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-slate-500">
          {triggerLabel(w.triggerKind)} · {w.stepCount} {w.stepCount === 1 ? "step" : "steps"} · <When iso={w.updatedAt} prefix="updated " />
        </p>
      </div>
      {w.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge tone="slate">Draft</Badge>}
      <div className="w-40 text-right text-xs text-slate-500" aria-label="Last run">
        {w.lastRun ? (
          <div className="flex flex-col items-end gap-0.5">
            <span className="inline-flex items-center gap-1.5">
              <RunStatus status={w.lastRun.status} />
              {w.lastRun.test && <Badge tone="amber">test</Badge>}
            </span>
            <When iso={w.lastRun.createdAt} />
          </div>
        ) : (
          <span className="text-slate-400">Never run</span>
        )}
      </div>
      {canEdit ? (
        <Menu.Root>
          <Menu.Trigger asChild>
            <IconButton label={`Actions for ${w.name}`} disabled={busy}>
              <MoreHorizontal className="h-4 w-4" aria-hidden />
            </IconButton>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content align="end" sideOffset={4} className="z-30 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
              <Menu.Item className={ITEM} onSelect={() => onAction("rename")}>
                <Pencil className="h-4 w-4" aria-hidden /> Rename
              </Menu.Item>
              <Menu.Item className={ITEM} onSelect={() => onAction("duplicate")}>
                <Copy className="h-4 w-4" aria-hidden /> Duplicate
              </Menu.Item>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <Menu.Item className={`${ITEM} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`} onSelect={() => onAction("delete")}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Menu.Item>
            </Menu.Content>
          </Menu.Portal>
        </Menu.Root>
      ) : (
        <span className="w-8" aria-hidden />
      )}
    </li>
  );
}
