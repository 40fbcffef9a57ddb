"use client";
// Amber hints under a template field (lib/editor/template-hints.ts): braces that are not a
// reference, an unclosed `{{`, and variables, secrets or files this workspace does not have.
// The workspace's keys are loaded once per editor (react-query) and refreshed on focus.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "@/components/editor/api";
import { templateHints, type KnownKeys } from "@/lib/editor/template-hints";

function useWorkspaceKeys(workspaceId: string): KnownKeys | null {
  const q = useQuery({
    queryKey: ["workspace-keys", workspaceId],
    queryFn: async (): Promise<KnownKeys> => {
      const [{ variables }, { files }] = await Promise.all([
        api<{ variables: { key: string; secret: boolean }[] }>(`/api/v1/workspaces/${workspaceId}/variables`),
        api<{ files: { name: string }[] }>(`/api/v1/workspaces/${workspaceId}/files`),
      ]);
      return {
        vars: new Set(variables.filter((v) => !v.secret).map((v) => v.key)),
        secrets: new Set(variables.filter((v) => v.secret).map((v) => v.key)),
        files: new Set(files.map((f) => f.name)),
      };
    },
    staleTime: 5_000, // a variable added in another tab shows on the next focus or step opened
  });
  return q.data ?? null;
}

export function TemplateHints({ text, workspaceId }: { text: string; workspaceId: string }) {
  const known = useWorkspaceKeys(workspaceId);
  const hints = useMemo(() => (text.includes("{{") ? templateHints(text, known) : []), [text, known]);
  if (hints.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-amber-800" data-testid="template-hints">
      {hints.map((h) => (
        <li key={h}>{h}</li>
      ))}
    </ul>
  );
}
