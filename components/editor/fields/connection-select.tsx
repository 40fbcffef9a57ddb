"use client";
// The app account an HTTP Request or AI Prompt step uses (its `connectionId`): the workspace's
// accounts (AI accounts only for AI Prompt), or none. An id no longer in the list (the account
// was deleted since, or belongs elsewhere) shows as deleted until another is chosen.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import { AI_PROMPT_APP } from "@/lib/connections/app-catalog";
import type { ConnectionView } from "@/lib/connections/connection-input";

/** `aria`: aria-invalid / aria-describedby when the form has a message about this field. */
type Props = { id: string; label: string; value: unknown; onChange: (v: string | null) => void; workspaceId: string; kind: string; className: string; aria?: React.AriaAttributes };

export function ConnectionSelect({ id, label, value, onChange, workspaceId, kind, className, aria }: Props) {
  const app = kind === "ai_prompt" ? AI_PROMPT_APP : undefined;
  const query = useQuery({
    queryKey: ["connections", workspaceId, app ?? null],
    queryFn: () => api<{ connections: ConnectionView[] }>(`/api/v1/workspaces/${workspaceId}/connections${app ? `?app=${app}` : ""}`),
  });
  const accounts = query.data?.connections ?? null;
  const error = query.error ? query.error.message : null;
  const current = typeof value === "string" && value !== "" ? value : "";
  const missing = current !== "" && accounts !== null && !accounts.some((a) => a.id === current);
  return (
    <div className="space-y-1">
      <select id={id} aria-label={label} {...aria} className={className} value={current} disabled={accounts === null && !error} onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}>
        <option value="">{kind === "ai_prompt" ? "No account (the step fails until one is chosen)" : "No account (the URL must be complete)"}</option>
        {missing && <option value={current}>Deleted account — choose another</option>}
        {accounts?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} · {a.appLabel}
          </option>
        ))}
      </select>
      {error && <p className="text-xs text-red-600 wrap-anywhere">Accounts could not be loaded: {error}</p>}
      {accounts !== null && accounts.length === 0 && (
        <p className="text-xs text-slate-500">
          No {app ? "AI " : ""}accounts in this workspace yet.{" "}
          <Link href={`/w/${workspaceId}/connections${app ? `?app=${app}` : ""}`} className="text-brand-700 underline" target="_blank">
            Add one
          </Link>
        </p>
      )}
    </div>
  );
}
