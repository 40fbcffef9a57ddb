// The signed-in top bar: product name, workspace switcher, section links, and the user's menu
// (sign out of this browser, or of every session).
import Link from "next/link";
import { UserMenu } from "@/components/shell/user-menu";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import type { SwitcherWorkspace } from "@/components/shell/group-workspaces";

export function AppTopBar({ email, workspaces, currentId }: { email: string; workspaces: SwitcherWorkspace[]; currentId: string }) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-4 border-b border-slate-200 bg-white px-4">
      <Link href="/workspaces" className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold tracking-tight text-slate-900">
        <span className="flex h-7 w-7 items-center justify-center rounded-md bg-brand-600 text-sm text-white">M</span>
        MSP Flow
      </Link>
      <span className="text-slate-300" aria-hidden>/</span>
      <WorkspaceSwitcher workspaces={workspaces} currentId={currentId} />
      <nav className="ml-2 flex items-center gap-1 text-sm">
        <Link href={`/w/${currentId}/workflows`} className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
          Workflows
        </Link>
        {/* Workspace resources (issue 6): what pushed workflows need in each workspace. */}
        {[["variables", "Variables"], ["connections", "Connections"], ["files", "Files"], ["audit", "Audit"]].map(([path, label]) => (
          <Link key={path} href={`/w/${currentId}/${path}`} className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
            {label}
          </Link>
        ))}
        <Link href={`/w/${currentId}/blueprints`} className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100">
          Blueprints
        </Link>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        <UserMenu email={email} accountHref={`/w/${currentId}/account`} />
      </div>
    </header>
  );
}
