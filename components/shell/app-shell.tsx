// Frame of every workspace page: the top bar above a main area that fills the rest of the
// window, so a full-height page (the workflow editor's canvas) can use h-full inside it.
import { AppTopBar } from "@/components/shell/app-top-bar";
import type { SwitcherWorkspace } from "@/components/shell/group-workspaces";

export function AppShell(props: { email: string; workspaces: SwitcherWorkspace[]; currentId: string; children: React.ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      <AppTopBar email={props.email} workspaces={props.workspaces} currentId={props.currentId} />
      <main className="min-h-0 flex-1 overflow-auto">{props.children}</main>
    </div>
  );
}
