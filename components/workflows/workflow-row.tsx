"use client";
// One workflow in the list: name (opens the editor), Draft/Live, trigger and size, last run
// status and time, and an actions menu (Rename, Duplicate, Delete) for editors. A copy pushed here
// says from which provider, and while its review has open items how many, linking to the review:
// beside the workspace's own workflow of the same name it was an identical row. Below 1024 px the
// name and the menu share the first line and Draft/Live and the last run fold under them: beside
// a fixed last-run column a phone left the name one letter wide.
import { useState } from "react";
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Copy, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { BlueprintUpgradeNotice } from "@/components/blueprints/blueprint-upgrade-notice";
import { RunStatus } from "@/components/editor/run-status";
import { testRunLabel } from "@/components/runs/test-run-kind";
import { Badge } from "@/components/ui/badge";
import { IconButton } from "@/components/ui/icon-button";
import { MENU_ITEM } from "@/components/ui/menu-item";
import { TimeAgo } from "@/components/ui/time-ago";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import type { WorkflowListItem } from "@/components/workflows/workflow-list-api";

export type RowAction = "rename" | "duplicate" | "delete";

type Props = { workspaceId: string; workflow: WorkflowListItem; canEdit: boolean; busy: boolean; onAction: (action: RowAction) => void };

function triggerLabel(kind: string | null): string {
  return kind ? (STEP_CATALOG[kind as StepKind]?.label ?? kind) : "No trigger";
}

export function WorkflowRow({ workspaceId, workflow: w, canEdit, busy, onAction }: Props) {
  const href = `/w/${workspaceId}/workflows/${w.id}`;
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-4 py-3 hover:bg-slate-50 lg:flex-nowrap"
      data-testid="workflow-row"
      data-workflow-id={w.id}
      aria-busy={busy || undefined}
    >
      <div className="min-w-0 flex-1">
        <Link
          href={href}
          // From 1024 px cut to one line: whole in the tooltip (two long names alike read the same).
          title={w.name}
          className="block break-words font-medium text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:truncate"
        >
          {w.name}
        </Link>
        {w.pushedFrom && (
          <p className="mt-0.5 text-xs text-slate-600" data-testid="workflow-pushed-from">
            Pushed from {w.pushedFrom.provider.name}
            {w.pushedFrom.openItems > 0 && (
              <>
                {" · "}
                <Link href={`${href}/review`} className="font-medium text-amber-800 hover:underline">
                  Review: {w.pushedFrom.openItems} {w.pushedFrom.openItems === 1 ? "item" : "items"} open
                </Link>
              </>
            )}
          </p>
        )}
        <BlueprintUpgradeNotice workspaceId={workspaceId} workflowId={w.id} blueprint={w.blueprint} canEdit={canEdit} className="mt-1" />
        <p className="mt-0.5 text-xs text-slate-500 lg:truncate">
          {triggerLabel(w.triggerKind)} · {w.stepCount} {w.stepCount === 1 ? "step" : "steps"} · <TimeAgo at={w.updatedAt} prefix="updated " />
        </p>
      </div>
      <div className="order-last flex basis-full items-center gap-4 lg:order-none lg:basis-auto">
        {w.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge tone="slate">Draft</Badge>}
        <div className="text-xs text-slate-500 lg:w-40 lg:text-right" aria-label="Last run">
          {w.lastRun ? (
            <div className="flex items-center gap-2 lg:flex-col lg:items-end lg:gap-0.5">
              <span className="inline-flex items-center gap-1.5">
                <RunStatus status={w.lastRun.status} />
                {w.lastRun.test && <Badge tone="amber">{testRunLabel(w.lastRun)}</Badge>}
              </span>
              <TimeAgo at={w.lastRun.createdAt} />
            </div>
          ) : (
            <span className="text-slate-500">Never run</span>
          )}
        </div>
      </div>
      {canEdit ? (
        // While the row's action runs the menu does not open, and its button is aria-disabled, not
        // disabled: focus returns to it as the menu closes, and a disabled button would drop it.
        <Menu.Root open={menuOpen} onOpenChange={(open) => setMenuOpen(open && !busy)}>
          <Menu.Trigger asChild>
            <IconButton label={`Actions for ${w.name}`} aria-disabled={busy || undefined} className={busy ? "cursor-default opacity-40" : undefined}>
              <MoreHorizontal className="h-4 w-4" aria-hidden />
            </IconButton>
          </Menu.Trigger>
          <Menu.Portal>
            <Menu.Content align="end" sideOffset={4} className="z-30 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
              <Menu.Item className={MENU_ITEM} onSelect={() => onAction("rename")}>
                <Pencil className="h-4 w-4" aria-hidden /> Rename
              </Menu.Item>
              <Menu.Item className={MENU_ITEM} onSelect={() => onAction("duplicate")}>
                <Copy className="h-4 w-4" aria-hidden /> Duplicate
              </Menu.Item>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <Menu.Item className={`${MENU_ITEM} text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800`} onSelect={() => onAction("delete")}>
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
