// The signed-in top bar: product name, workspace switcher, section links, and the user's menu
// (sign out of this browser, or of every session). It fits the window down to a phone: the
// workspace name and the e-mail truncate (the e-mail shows from 1280 px, the menu names it),
// and below 1024 px the section links fold into one menu (components/shell/section-nav.tsx).
import Link from "next/link";
import { SectionNav } from "@/components/shell/section-nav";
import { UserMenu } from "@/components/shell/user-menu";
import { WorkspaceSwitcher } from "@/components/shell/workspace-switcher";
import type { SwitcherWorkspace } from "@/components/shell/group-workspaces";

export function AppTopBar({ email, workspaces, currentId }: { email: string; workspaces: SwitcherWorkspace[]; currentId: string }) {
  return (
    <header className="flex h-14 min-w-0 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-4">
      {/* Named by its words, not an aria-label: the visible text is then part of the name (WCAG
          2.5.3); below 768 px the words are there for a screen reader only. */}
      <Link href="/workspaces" className="flex shrink-0 items-center gap-2 whitespace-nowrap font-semibold tracking-tight text-slate-900">
        <span className="flex h-7 w-7 items-center justify-center rounded-md bg-brand-600 text-sm text-white" aria-hidden>M</span>
        <span className="sr-only md:not-sr-only">MSP Flow</span>
      </Link>
      <span className="hidden text-slate-300 sm:inline" aria-hidden>/</span>
      <WorkspaceSwitcher workspaces={workspaces} currentId={currentId} />
      <SectionNav workspaceId={currentId} />
      <div className="ml-auto flex min-w-0 items-center gap-2">
        <UserMenu email={email} accountHref={`/w/${currentId}/account`} />
      </div>
    </header>
  );
}
