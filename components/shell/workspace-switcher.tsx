"use client";
// Workspace switcher: each provider first, then its clients, each marked Provider/Client.
// Switching keeps the user on the same section (workflows) of the other workspace. At the foot,
// the current workspace's members and data retention, and its provider's clients (where the user
// can see it).
// With more than a few workspaces (a provider with 30 clients) a filter box heads the menu and
// takes the focus: typing narrows the list, ArrowDown moves into the matches (ArrowUp from the
// first returns to the box), Enter opens the highlighted one (from the box: the first match),
// Escape closes as before.
import { useRef, useState } from "react";
import Link from "next/link";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Archive, Building2, Check, ChevronsUpDown, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { groupWorkspaces, type SwitcherWorkspace } from "@/components/shell/group-workspaces";
import { FILTER_FROM, filterCount } from "@/components/ui/list-filter";
import { matchesFilter } from "@/lib/list-filter";

const ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 outline-none " +
  "data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

function KindBadge({ kind }: { kind: SwitcherWorkspace["kind"] }) {
  return kind === "provider" ? <Badge tone="blue">Provider</Badge> : <Badge tone="slate">Client</Badge>;
}

export function WorkspaceSwitcher({ workspaces, currentId }: { workspaces: SwitcherWorkspace[]; currentId: string }) {
  const current = workspaces.find((w) => w.id === currentId);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const filterRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const withFilter = workspaces.length > FILTER_FROM;
  // Filtered within each group, so a client that matches stays under its provider's heading.
  const groups = groupWorkspaces(workspaces)
    .map((g) => ({ ...g, items: g.items.filter((w) => matchesFilter(query, w.name)) }))
    .filter((g) => g.items.length > 0);
  const shown = groups.reduce((n, g) => n + g.items.length, 0);
  const provider = current?.kind === "provider" ? current : workspaces.find((w) => w.id === current?.providerId);
  const workspaceItems = () => Array.from(contentRef.current?.querySelectorAll<HTMLElement>("[data-workspace-item]") ?? []);

  // Keys typed in the box are the box's: Radix's type-ahead would otherwise move the focus to an
  // item starting with that letter. Escape is left to the menu (it closes).
  function onFilterKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Escape") return;
    e.stopPropagation();
    if (e.key === "ArrowDown") {
      e.preventDefault();
      workspaceItems()[0]?.focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      workspaceItems()[0]?.click();
    }
  }
  // On an item: ArrowUp from the first goes back to the box, and a typed letter goes into it
  // (rather than Radix's type-ahead), so typing always filters.
  function onMenuKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    const box = filterRef.current;
    if (!box || e.target === box) return;
    if (e.key === "ArrowUp" && e.target === workspaceItems()[0]) {
      e.preventDefault();
      box.focus();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey) {
      e.preventDefault();
      setQuery((q) => q + e.key);
      box.focus();
    }
  }

  return (
    <Menu.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery("");
      }}
    >
      {/* Named by what it shows, then what it does: an aria-label "Switch workspace" hid the
          visible workspace name from screen readers and from voice control. */}
      <Menu.Trigger
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
        <span className="sr-only">, switch workspace</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          ref={contentRef}
          align="start"
          sideOffset={6}
          onKeyDown={onMenuKeyDown}
          className="z-50 max-h-[70vh] w-max min-w-[18rem] max-w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {withFilter && (
            <div className="px-1 pb-1 pt-1">
              <input
                ref={filterRef}
                // Focused as the menu opens (Radix then leaves the focus where it is), so typing filters at once.
                autoFocus
                type="search"
                aria-label="Filter workspaces"
                aria-describedby="workspace-filter-count"
                placeholder="Filter workspaces…"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onFilterKeyDown}
                autoComplete="off"
                className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500"
              />
              <p id="workspace-filter-count" role="status" className="px-1 pt-1 text-xs text-slate-500 empty:hidden">
                {filterCount(query, shown, workspaces.length, ["workspace", "workspaces"])}
              </p>
            </div>
          )}
          {groups.map((g, i) => (
            <Menu.Group key={g.key}>
              {(i > 0 || withFilter) && <Menu.Separator className="my-1 h-px bg-slate-100" />}
              {g.label && <Menu.Label className="px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{g.label}</Menu.Label>}
              {g.items.map((w) => (
                <Menu.Item key={w.id} asChild className={`${ITEM} ${w.kind === "client" && g.nested ? "pl-5" : ""}`}>
                  <Link href={`/w/${w.id}/workflows`} data-workspace-item="" aria-current={w.id === currentId ? "page" : undefined}>
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
              <Menu.Item asChild className={ITEM}>
                <Link href={`/w/${current.id}/retention`}>
                  <Archive className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">Data retention of {current.name}</span>
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
