"use client";
// Workspace switcher: each provider first, then its clients, each marked Provider/Client.
// Switching keeps the user on the same section (workflows) of the other workspace. At the foot,
// the current workspace's members and its provider's clients (where the user can see it).
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Building2, Check, ChevronsUpDown, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { groupWorkspaces, type SwitcherWorkspace } from "@/components/shell/group-workspaces";

const ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none " +
  "data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

function KindBadge({ kind }: { kind: SwitcherWorkspace["kind"] }) {
  return kind === "provider" ? <Badge tone="blue">Provider</Badge> : <Badge tone="slate">Client</Badge>;
}

export function WorkspaceSwitcher({ workspaces, currentId }: { workspaces: SwitcherWorkspace[]; currentId: string }) {
  const current = workspaces.find((w) => w.id === currentId);
  const groups = groupWorkspaces(workspaces);
  const provider = current?.kind === "provider" ? current : workspaces.find((w) => w.id === current?.providerId);
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label="Switch workspace"
        className="flex h-9 min-w-0 max-w-xs shrink-[100] items-center gap-2 rounded-md border border-slate-200 bg-white px-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:px-3"
      >
        {/* A narrow bar shrinks this button first (shrink-[100]: else the user menu beside it was
            pushed a few px off a phone with a long client name): the name truncates, the badge goes below 640 px. */}
        <span className="min-w-0 truncate" data-testid="current-workspace" title={current?.name}>{current?.name ?? "Choose a workspace"}</span>
        {current && (
          <span className="hidden shrink-0 sm:inline-flex">
            <KindBadge kind={current.kind} />
          </span>
        )}
        <ChevronsUpDown className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          className="z-50 max-h-[70vh] w-max min-w-[18rem] max-w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {groups.map((g, i) => (
            <Menu.Group key={g.key}>
              {i > 0 && <Menu.Separator className="my-1 h-px bg-slate-100" />}
              {g.label && <Menu.Label className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{g.label}</Menu.Label>}
              {g.items.map((w) => (
                <Menu.Item key={w.id} asChild className={`${ITEM} ${w.kind === "client" && g.nested ? "pl-5" : ""}`}>
                  <Link href={`/w/${w.id}/workflows`} aria-current={w.id === currentId ? "page" : undefined}>
                    {/* Within the window's width a long name wraps; its badge and check mark stay in view. */}
                    <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{w.name}</span>
                    <span className="flex shrink-0">
                      <KindBadge kind={w.kind} />
                    </span>
                    <Check className={`h-4 w-4 shrink-0 ${w.id === currentId ? "text-brand-600" : "invisible"}`} aria-hidden />
                  </Link>
                </Menu.Item>
              ))}
            </Menu.Group>
          ))}
          {current && (
            <>
              <Menu.Separator className="my-1 h-px bg-slate-100" />
              <Menu.Item asChild className={ITEM}>
                <Link href={`/w/${current.id}/members`}>
                  <Users className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">Members of {current.name}</span>
                </Link>
              </Menu.Item>
              {provider && (
                <Menu.Item asChild className={ITEM}>
                  <Link href={`/w/${provider.id}/clients`}>
                    <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                    <span className="truncate">Clients of {provider.name}</span>
                  </Link>
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
