// Browser calls to /api/v1 for the resource pages: JSON in and out, and the API's own error
// message (e.g. the 409 listing what a review still misses) thrown as the Error's message —
// except a session that ended and a workspace no longer shared, said in the editor's words
// (components/ui/access-lost.tsx) rather than the API's, which are for scripts.
import { apiFailureMessage, NO_WORKSPACE_ACCESS } from "@/components/ui/access-lost";

export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function apiFetch<T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown; body?: BodyInit; contentType?: string; headers?: Record<string, string> } = {}): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.contentType) headers["content-type"] = init.contentType;
  const res = await fetch(path, { method: init.method ?? "GET", headers, body });
  const text = await res.text();
  const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) {
    const lost = res.status === 404 && (await workspaceGone(path));
    throw new ApiCallError(lost ? NO_WORKSPACE_ACCESS : apiFailureMessage(res.status, parsed), res.status, parsed);
  }
  return parsed as T;
}

/** A workspace route's 404 is a missing file or key, or the whole workspace gone from the caller's
 *  (removed, or the client deleted): the API answers both alike, so the caller's list of
 *  workspaces tells them apart, as the editor's polls do (use-workspace-role.ts). */
async function workspaceGone(path: string): Promise<boolean> {
  const id = /^\/api\/v1\/workspaces\/([^/?#]+)\//.exec(path)?.[1];
  if (!id) return false;
  const res = await fetch("/api/v1/workspaces", { cache: "no-store" }).catch(() => null);
  if (!res?.ok) return false;
  const { workspaces } = (await res.json().catch(() => ({ workspaces: null }))) as { workspaces: { id: string }[] | null };
  return !!workspaces && !workspaces.some((w) => w.id === decodeURIComponent(id));
}

export const inputClass =
  "block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";
