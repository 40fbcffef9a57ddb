"use client";
// A workspace's members. Owners add people by e-mail with a role (someone new gets an account and
// a temporary password, shown here once to pass on), change roles, reset a forgotten password
// (another temporary one) and remove people; anyone may leave. The API refuses what the caller's
// role does not allow, e.g. the last owner of a provider; a reset the API would refuse (someone
// who also works for another provider, the seeded owner) is shown disabled with the reason. Each
// row shows the role the person really acts with here (a provider member's provider role when
// higher), and a client's page lists its provider's members who work there too, read-only. The
// Name field's "(new accounts)" hint is its description, outside its label: inside, it was read
// as part of the field's name.
import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { KeptForm } from "@/components/ui/kept-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { useApiAction } from "@/components/ui/use-api-action";
import { ResetPasswordDialog } from "@/components/workspace/reset-password-dialog";
import { ROLE_LABEL, RoleOptions, RoleSelect } from "@/components/workspace/role-select";
import { ROLES, type MemberListView, type MemberView, type ProviderStaffView } from "@/lib/members/member-schema";
import { possessive } from "@/lib/possessive";

const ROLE_HELP = "Owners manage members; editors build, test and push workflows; viewers read.";

type Props = { workspaceId: string; workspaceName: string; members: MemberListView[]; provider: ProviderStaffView | null; canManage: boolean; currentUserId: string };

export function MembersManager({ workspaceId, workspaceName, members, provider, canManage, currentUserId }: Props) {
  const router = useRouter();
  const { run, busy, error } = useApiAction();
  // The temporary password just issued (new account or reset), shown once.
  const [issued, setIssued] = useState<{ message: string; password: string } | null>(null);
  const base = `/api/v1/workspaces/${workspaceId}/members`;
  const nameId = useId();
  // Lowering one's own role is confirmed first, like leaving: it cannot be undone from here.
  const [demotion, setDemotion] = useState<{ from: MemberView["role"]; to: string; settle: (ok: boolean) => void } | null>(null);
  const changeRole = (m: MemberView, role: string): Promise<boolean> => {
    const save = () => run(() => apiFetch(`${base}/${m.userId}`, { method: "PATCH", json: { role } }));
    const lower = ROLES.indexOf(role as MemberView["role"]) > ROLES.indexOf(m.role);
    if (m.userId !== currentUserId || !lower) return save();
    return new Promise((settle) => setDemotion({ from: m.role, to: role, settle }));
  };

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
    const tokens = result.revokedApiTokens > 0 ? ` ${result.revokedApiTokens === 1 ? "Their API token was" : `Their ${result.revokedApiTokens} API tokens were`} revoked.` : "";
    setIssued({ password: result.temporaryPassword, message: `New temporary password for ${m.email}. Pass it on; it is not shown again, and they choose their own when they next sign in.${tokens}` });
  };
  const leave = async () => {
    if (await run(() => apiFetch(`${base}/${currentUserId}`, { method: "DELETE" }))) router.push("/workspaces");
  };

  return (
    <div className="mt-6 space-y-4">
      <ErrorAlert error={error} />
      {canManage && (
        <KeptForm onSend={add} aria-label="Add a member" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <label className="min-w-56 flex-1 text-sm font-medium text-slate-700">
            E-mail
            <input name="email" type="email" required maxLength={320} placeholder="name@client.example" className={cn(inputClass, "mt-1")} />
          </label>
          <div className="w-48 text-sm">
            <label htmlFor={nameId} className="font-medium text-slate-700">Name</label>{" "}
            <span id={`${nameId}-hint`} className="text-slate-600">(new accounts)</span>
            <input id={nameId} name="name" maxLength={100} aria-describedby={`${nameId}-hint`} className={cn(inputClass, "mt-1")} />
          </div>
          <label className="text-sm font-medium text-slate-700">
            Role
            <select name="role" defaultValue="editor" aria-label="New member's role" className={cn(inputClass, "mt-1")}>
              <RoleOptions />
            </select>
          </label>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>Add member</button>
          <p className="basis-full text-xs text-slate-500">{ROLE_HELP}</p>
        </KeptForm>
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
                {/* basis-60: on a phone the role and buttons wrap below who this is (from a zero basis
                    the row never wrapped and the name and address shrank to a letter). */}
                <div className="min-w-0 flex-1 basis-60">
                  {/* A long name (one without spaces too) is cut short in its own column, never over the role and buttons. */}
                  <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900">
                    <span className="min-w-0 truncate" title={m.name}>
                      {m.name}
                    </span>
                    {self && <Badge tone="green" className="shrink-0">You</Badge>}
                  </p>
                  <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{m.email}</p>
                </div>
                {m.viaProvider && (
                  <Badge tone="blue" className="shrink-0">
                    {ROLE_LABEL[m.effectiveRole]} via {provider?.name ?? "the provider"}
                  </Badge>
                )}
                {canManage ? (
                  <RoleSelect member={m} busy={busy} onChange={(role) => changeRole(m, role)} />
                ) : (
                  !m.viaProvider && <Badge tone={m.role === "owner" ? "blue" : "slate"}>{ROLE_LABEL[m.role]}</Badge>
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
                      {m.canResetPassword ? (
                        <ResetPasswordDialog member={m} disabled={busy} onConfirm={(revokeApiTokens) => void resetPassword(m, revokeApiTokens)} />
                      ) : (
                        <ResetPasswordUnavailable member={m} />
                      )}
                      <ConfirmDialog
                        trigger={<button type="button" disabled={busy} aria-label={`Remove ${m.email}`} className={buttonClass("ghost", "sm")}>Remove</button>}
                        title={`Remove ${m.email}?`}
                        description={`They lose their role in ${workspaceName} from their next request. Their account stays.`}
                        confirmLabel="Remove member"
                        onConfirm={() => void run(() => apiFetch(`${base}/${m.userId}`, { method: "DELETE" }))}
                        destructive
                        removesRow
                      />
                    </>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
      {provider && provider.members.length > 0 && <ProviderStaff provider={provider} />}
      <ConfirmDialog
        open={demotion !== null}
        onOpenChange={(open) => {
          // Closed without confirming (Cancel, Escape): the picker shows the stored role again.
          // After Confirm, demotion is already null here and the save settles it.
          if (!open) setDemotion((d) => (d?.settle(false), null));
        }}
        title={`Make yourself ${demotion ? ROLE_LABEL[demotion.to as MemberView["role"]].toLowerCase() : ""} in ${workspaceName}?`}
        description={`You lose what ${demotion ? ROLE_LABEL[demotion.from].toLowerCase() : ""}s may do here at once${demotion?.from === "owner" ? ", including managing members: only another owner can give it back" : ""}.`}
        confirmLabel="Change my role"
        onConfirm={() => {
          const d = demotion;
          setDemotion(null);
          if (d) void run(() => apiFetch(`${base}/${currentUserId}`, { method: "PATCH", json: { role: d.to } })).then(d.settle);
        }}
        destructive
      />
    </div>
  );
}

/** Shown instead of "Reset password…" where the reset would be refused: focusable, saying why. */
function ResetPasswordUnavailable({ member }: { member: MemberListView }) {
  const id = `reset-refusal-${member.userId}`;
  return (
    <>
      <button type="button" aria-disabled="true" aria-describedby={id} title={member.resetPasswordRefusal ?? undefined} aria-label={`Reset the password of ${member.email}`} className={buttonClass("ghost", "sm", "cursor-not-allowed opacity-50")}>
        Reset password…
      </button>
      <span id={id} className="sr-only">
        {member.resetPasswordRefusal}
      </span>
    </>
  );
}

/** The provider's members who work in this client through the provider: read-only here. */
function ProviderStaff({ provider }: { provider: ProviderStaffView }) {
  const via = `via ${provider.name} (provider)`;
  return (
    <section aria-label={`Also working here ${via}`} className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">Also working here {via}</h2>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {provider.members.map((m: MemberView) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="provider-member-row">
            <div className="min-w-0 flex-1 basis-60">
              <p className="truncate text-sm font-medium text-slate-900" title={m.name}>{m.name}</p>
              <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{m.email}</p>
            </div>
            <Badge tone={m.role === "owner" ? "blue" : "slate"}>
              {ROLE_LABEL[m.role]} {via}
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">Their roles are managed in {possessive(provider.name)} Members.</p>
    </section>
  );
}
