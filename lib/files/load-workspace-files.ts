// The files a run's steps reference, as text for {{ files.NAME }}. Only the referenced names
// are read, so a workspace with many large files costs a run nothing extra. A missing file
// maps to null and the step fails naming it, like a variable without a value.
import { db, type Tx } from "@/lib/db/client";

export type LoadWorkspaceFilesOptions = { workspaceId: string; names: readonly string[]; tx?: Tx };

export async function loadWorkspaceFiles({ workspaceId, names, tx }: LoadWorkspaceFilesOptions): Promise<Record<string, string | null>> {
  const wanted = [...new Set(names)];
  const out: Record<string, string | null> = Object.fromEntries(wanted.map((n) => [n, null]));
  if (wanted.length === 0) return out;
  const rows = await (tx ?? db()).file.findMany({ where: { workspaceId, name: { in: wanted } }, select: { name: true, data: true } });
  for (const r of rows) out[r.name] = Buffer.from(r.data).toString("utf8");
  return out;
}
