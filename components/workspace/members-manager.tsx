"use client";
// A workspace's members. Owners add people by e-mail with a role (someone new gets an account and
// a temporary password, shown here once to pass on), change roles, reset a forgotten password
// (another temporary one) and remove people; anyone may leave. The API refuses what the caller's
// role does not allow, e.g. the last owner of a provider, or a reset for someone who also works
// for another provider.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { useApiAction } from "@/components/ui/use-api-action";
import { ResetPasswordDialog } from "@/components/workspace/reset-password-dialog";
import { ROLE_LABEL, RoleOptions, RoleSelect } from "@/components/workspace/role-select";
import type { MemberView } from "@/lib/members/member-schema";

const ROLE_HELP = "Owners manage members; editors build, test and push workflows; viewers read.";

type Props = { workspaceId: string; workspaceName: string; members: MemberView[]; canManage: boolean; currentUserId: string };

export function MembersManager({ workspaceId, workspaceName, members, canManage, currentUserId }: Props) {
  const router = useRouter();
  const { run, busy, error } = useApiAction();
  // The temporary password just issued (new account or reset), shown once.
  const [issued, setIssued] = useState<{ message: string; password: string } | null>(null);
  const base = `/api/v1/workspaces/${workspaceId}/members`;

  const add = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    let result: { member: MemberView; temporaryPassword?: string } | null = null;
    const ok = await run(async () => {
      result = await apiFetch(base, { method: "POST", json: { email: String(data.get("email") ?? ""), role: String(data.get("role")), ...(name ? { name } : {}) } });
    });
    if (!ok || !result) return;
    const { member, temporaryPassword } = result as { member: MemberView; temporaryPassword?: string };
    // Only a new password replaces the one shown: one not yet passed on must not vanish.
    if (temporaryPassword) {
      setIssued({ password: temporaryPassword, message: `An account was created for ${member.email}. Pass on this temporary password; it is not shown again, and they choose their own when they first sign in.` });
    }
    form.reset();
  };
  const resetPassword = async (m: MemberView, revokeApiTokens: boolean) => {
    let result = { temporaryPassword: "", revokedApiTokens: 0 };
    const ok = await run(async () => {
      result = await apiFetch(`${base}/${m.userId}/reset-password`, { method: "POST", json: { revokeApiTokens } });
    });
    if (!ok) return;
    const tokens = result.revokedApiTokens > 0 ? ` Their ${result.revokedApiTokens} API token(s) were revoked.` : "";
    setIssued({ password: result.temporaryPassword, message: `New temporary password for ${m.email}. Pass it on; it is not shown again, and they choose their own when they next sign in.${tokens}` });
  };
  const leave = async () => {
    if (await run(() => apiFetch(`${base}/${currentUserId}`, { method: "DELETE" }))) router.push("/workspaces");
  };

  return (
    <div className="mt-6 space-y-4">
      <ErrorAlert error={error} />
      {canManage && (
        <form
          aria-label="Add a member"
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
          onSubmit={(e) => {
            e.preventDefault();
            void add(e.currentTarget);
          }}
        >
          <label className="min-w-56 flex-1 text-sm font-medium text-slate-700">
            E-mail
            <input name="email" type="email" required maxLength={320} placeholder="name@client.example" className={cn(inputClass, "mt-1")} />
          </label>
          <label className="w-48 text-sm font-medium text-slate-700">
            Name <span className="font-normal text-slate-400">(new accounts)</span>
            <input name="name" maxLength={100} className={cn(inputClass, "mt-1")} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Role
            <select name="role" defaultValue="editor" aria-label="New member's role" className={cn(inputClass, "mt-1")}>
              <RoleOptions />
            </select>
          </label>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>Add member</button>
          <p className="basis-full text-xs text-slate-500">{ROLE_HELP}</p>
        </form>
      )}
      {issued && <OneTimeSecret key={issued.password} label="Temporary password" value={issued.password} message={issued.message} />}
      {members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">No members of its own yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Members">
          {members.map((m) => {
            const self = m.userId === currentUserId;
            return (
              <li key={m.userId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="member-row">
                <div className="min-w-0 flex-1">
                  {/* A long name (one without spaces too) is cut short in its own column, never over the role and buttons. */}
                  <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
                    <span className="min-w-0 truncate" title={m.name}>
                      {m.name}
                    </span>
                    {self && <Badge tone="green" className="shrink-0">You</Badge>}
                  </p>
                  <p className="truncate text-xs text-slate-500">{m.email}</p>
                </div>
                {canManage ? (
                  <RoleSelect
                    key={m.role}
                    member={m}
                    disabled={busy}
                    onChange={(role) => run(() => apiFetch(`${base}/${m.userId}`, { method: "PATCH", json: { role } }))}
                  />
                ) : (
                  <Badge tone={m.role === "owner" ? "blue" : "slate"}>{ROLE_LABEL[m.role]}</Badge>
                )}
                {self ? (
                  <ConfirmDialog
                    trigger={<button type="button" disabled={busy} className={buttonClass("ghost", "sm")}>Leave</button>}
                    title={`Leave ${workspaceName}?`}
                    description="You lose your own role here at once; an owner can add you again."
                    confirmLabel="Leave workspace"
                    onConfirm={() => void leave()}
                    destructive
                  />
                ) : (
                  canManage && (
                    <>
                      <ResetPasswordDialog member={m} disabled={busy} onConfirm={(revokeApiTokens) => void resetPassword(m, revokeApiTokens)} />
                      <ConfirmDialog
                        trigger={<button type="button" disabled={busy} aria-label={`Remove ${m.email}`} className={buttonClass("ghost", "sm")}>Remove</button>}
                        title={`Remove ${m.email}?`}
                        description={`They lose their role in ${workspaceName} from their next request. Their account stays.`}
                        confirmLabel="Remove member"
                        onConfirm={() => void run(() => apiFetch(`${base}/${m.userId}`, { method: "DELETE" }))}
                        destructive
                      />
                    </>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
