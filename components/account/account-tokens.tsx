"use client";
// API tokens for scripts and other systems (Authorization: Bearer …): create one with a name
// (POST /api/v1/auth/tokens; its secret is shown here once and never again, only its hash is
// stored), see when each was last used, revoke it (DELETE /api/v1/auth/tokens/{id}; focus then
// moves to the next row's Revoke, else the name field).
import { useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { TimeAgo } from "@/components/ui/time-ago";
import { useApiAction } from "@/components/ui/use-api-action";
import type { ApiTokenInfo } from "@/lib/auth/list-api-tokens";

export function AccountTokens({ tokens }: { tokens: ApiTokenInfo[] }) {
  const { run, busy, error } = useApiAction();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ id: string; name: string; token: string } | null>(null);

  const create = async () => {
    let issued: { id: string; name: string; token: string } | null = null;
    const ok = await run(async () => {
      issued = await apiFetch<{ id: string; name: string; token: string }>("/api/v1/auth/tokens", { method: "POST", json: { name } });
    });
    if (ok && issued) {
      setCreated(issued);
      setName("");
    }
  };

  // The one-time secret of a token revoked right after it was made (made by mistake) goes too:
  // left on the page, it could still be copied into a script as if it worked.
  const revoke = async (id: string) => {
    const ok = await run(() => apiFetch(`/api/v1/auth/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }));
    if (ok) setCreated((c) => (c?.id === id ? null : c));
  };

  return (
    <section aria-labelledby="tokens-heading" className="space-y-3">
      <div>
        <h2 id="tokens-heading" className="text-lg font-semibold">API tokens</h2>
        <p className="text-sm text-slate-500">
          For scripts and other systems calling the management API as you (<code className="font-mono text-xs">Authorization: Bearer …</code>). Signing out does not affect them; revoke a token you no longer use.
        </p>
      </div>
      <ErrorAlert error={error} />
      <form
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
        aria-label="Create an API token"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="min-w-64 flex-1 text-sm font-medium text-slate-700">
          Token name
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} placeholder="e.g. deploy script" className={cn(inputClass, "mt-1")} />
        </label>
        <button type="submit" disabled={busy || name.trim() === ""} className={buttonClass("primary")}>
          Create token
        </button>
      </form>
      {created && <OneTimeSecret key={created.token} label="New API token" noun="token" value={created.token} message={`Token “${created.name}” created. Copy it now: it is not shown again.`} />}
      {tokens.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-500">No API tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="API tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="token-row">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{t.name}</p>
                <p className="text-xs text-slate-500">
                  created <TimeAgo at={t.createdAt} />
                  {" · "}
                  {t.lastUsedAt ? (
                    <>
                      last used <TimeAgo at={t.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </p>
              </div>
              <ConfirmDialog
                trigger={
                  <button type="button" disabled={busy} aria-label={`Revoke ${t.name}`} className={buttonClass("secondary", "sm")}>
                    Revoke
                  </button>
                }
                title={`Revoke “${t.name}”?`}
                description="Scripts and systems using this token are refused from their next request. This cannot be undone."
                confirmLabel="Revoke token"
                onConfirm={() => void revoke(t.id)}
                destructive
                removesRow
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
