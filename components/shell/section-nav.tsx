"use client";
// The workspace's sections in the top bar: links in a row on wide screens, one "Sections" menu
// below 1024 px, where the row would push the bar (and every page) wider than the window.
import Link from "next/link";
import { usePathname } from "next/navigation";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Menu as MenuIcon } from "lucide-react";

// Workspace resources (issue 6) sit between Workflows and Blueprints: what pushed workflows need.
const SECTIONS = [
  ["workflows", "Workflows"],
  ["variables", "Variables"],
  ["connections", "Connections"],
  ["files", "Files"],
  ["audit", "Audit"],
  ["blueprints", "Blueprints"],
] as const;

const ITEM =
  "flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

// The section a page belongs to (the Runs tab sits with Workflows), so the nav can say where the
// user is: aria-current for screen readers, a marked link for everyone.
function currentSection(pathname: string, workspaceId: string): string | null {
  const rest = pathname.startsWith(`/w/${workspaceId}/`) ? pathname.slice(`/w/${workspaceId}/`.length).split("/")[0] : null;
  if (rest === "runs") return "workflows";
  return SECTIONS.some(([path]) => path === rest) ? rest : null;
}

export function SectionNav({ workspaceId }: { workspaceId: string }) {
  const current = currentSection(usePathname() ?? "", workspaceId);
  return (
    <>
      <nav aria-label="Sections" className="hidden shrink-0 items-center gap-0.5 text-sm lg:flex">
        {SECTIONS.map(([path, label]) => (
          <Link
            key={path}
            href={`/w/${workspaceId}/${path}`}
            aria-current={current === path ? "page" : undefined}
            className="whitespace-nowrap rounded-md px-2 py-1.5 font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-100 aria-[current=page]:text-slate-900 xl:px-3"
          >
            {label}
          </Link>
        ))}
      </nav>
      <Menu.Root>
        <Menu.Trigger
          aria-label="Sections"
          className="flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 lg:hidden"
        >
          <MenuIcon className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">Sections</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="start" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            {SECTIONS.map(([path, label]) => (
              <Menu.Item key={path} asChild className={ITEM}>
                <Link href={`/w/${workspaceId}/${path}`} aria-current={current === path ? "page" : undefined} className="aria-[current=page]:font-semibold">
                  {label}
                </Link>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </>
  );
}
