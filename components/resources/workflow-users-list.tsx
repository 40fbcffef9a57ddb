// The workflows that read a resource (the API's `workflows: [{id, name, mode}]` of a 409 in use or
// a file's 412), each a link to its editor with its mode, in a confirmation that asks about them.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";

export type WorkflowUser = { id: string; name: string; mode: "draft" | "live" };

export function WorkflowUsersList({ workspaceId, users, label }: { workspaceId: string; users: WorkflowUser[]; label: string }) {
  return (
    <ul className="max-h-48 space-y-1 overflow-y-auto" aria-label={label}>
      {users.map((w) => (
        <li key={w.id} className="flex items-center gap-2">
          <Link href={`/w/${workspaceId}/workflows/${w.id}`} className="min-w-0 flex-1 truncate text-brand-700 hover:underline">{w.name}</Link>
          {w.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}
        </li>
      ))}
    </ul>
  );
}
