// Frame of every workspace page: the top bar above a main area that fills the rest of the
// window, so a full-height page (the workflow editor's canvas) can use h-full inside it.
import { AppTopBar } from "@/components/shell/app-top-bar";
import type { SwitcherWorkspace } from "@/components/shell/group-workspaces";

export function AppShell(props: { email: string; workspaces: SwitcherWorkspace[]; currentId: string; children: React.ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      {/* First on every page: a keyboard user goes past the top bar's switcher, sections and menu at once. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow"
      >
        Skip to content
      </a>
      <AppTopBar email={props.email} workspaces={props.workspaces} currentId={props.currentId} />
      <main id="main" tabIndex={-1} className="min-h-0 flex-1 overflow-auto focus:outline-none">{props.children}</main>
    </div>
  );
}
