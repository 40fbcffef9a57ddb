// The two views of a workspace's automation: its workflows, and the runs across them.
import Link from "next/link";
import { cn } from "@/components/ui/cn";

export function WorkspaceTabs({ workspaceId, current }: { workspaceId: string; current: "workflows" | "runs" }) {
  const tab = (key: "workflows" | "runs", label: string) => (
    <Link
      href={`/w/${workspaceId}/${key}`}
      aria-current={current === key ? "page" : undefined}
      className={cn("border-b-2 px-1 pb-2 text-sm font-medium", current === key ? "border-brand-600 text-slate-900" : "border-transparent text-slate-500 hover:text-slate-800")}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Workspace views" className="mt-4 flex gap-6 border-b border-slate-200">
      {tab("workflows", "Workflows")}
      {tab("runs", "Runs")}
    </nav>
  );
}
