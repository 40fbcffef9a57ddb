"use client";
// Owners' invitation links: for someone who already has an account that cannot be added by
// e-mail (one made in another provider's workspace), an owner makes a link with a role, hands it
// over, and that person accepts it while signed in. The link is shown once; open links are listed
// (expired ones marked) and can be revoked. The "For" field's hint is its description, outside
// its label: inside, it was read as part of the field's name.
import { useId, useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { KeptForm } from "@/components/ui/kept-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { useApiAction } from "@/components/ui/use-api-action";
import { ROLE_LABEL, RoleOptions } from "@/components/workspace/role-select";
import { INVITATION_DAYS, type InvitationView } from "@/lib/invitations/invitation-schema";

type Props = { workspaceId: string; workspaceName: string; invitations: InvitationView[] };

const DAY_CHOICES = [1, INVITATION_DAYS.default, 14, INVITATION_DAYS.max];

export function InvitationsManager({ workspaceId, workspaceName, invitations }: Props) {
  const { run, busy, error } = useApiAction();
  const [issued, setIssued] = useState<{ link: string; message: string } | null>(null);
  const base = `/api/v1/workspaces/${workspaceId}/invitations`;
  const noteId = useId();

  const create = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const note = String(data.get("note") ?? "").trim();
    let result: { link: string; invitation: InvitationView } | null = null;
    const ok = await run(async () => {
      result = await apiFetch(base, { method: "POST", json: { role: String(data.get("role")), expiresInDays: Number(data.get("days")), ...(note ? { note } : {}) } });
    });
    if (!ok || !result) return;
    const { link, invitation } = result as { link: string; invitation: InvitationView };
    const who = invitation.note ? ` for ${invitation.note}` : "";
    setIssued({ link, message: `Invitation link${who} (${ROLE_LABEL[invitation.role].toLowerCase()} in ${workspaceName}). Hand it over yourself; it is not shown again. It works once, for whoever opens it signed in, until ${new Date(invitation.expiresAt).toUTCString()}.` });
    form.reset();
  };

  return (
    <section aria-label="Invitation links" className="space-y-3">
      <h2 className="text-sm font-semibold text-slate-700">Invitation links</h2>
      <ErrorAlert error={error} />
      <KeptForm onSend={create} aria-label="Make an invitation link" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="min-w-56 flex-1 text-sm">
          <label htmlFor={noteId} className="font-medium text-slate-700">For</label>{" "}
          <span id={`${noteId}-hint`} className="text-slate-600">(a name or address, for your list)</span>
          <input id={noteId} name="note" maxLength={200} aria-describedby={`${noteId}-hint`} className={cn(inputClass, "mt-1")} />
        </div>
        <label className="text-sm font-medium text-slate-700">
          Role
          <select name="role" defaultValue="editor" aria-label="Invited person's role" className={cn(inputClass, "mt-1")}>
            <RoleOptions />
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Valid for
          <select name="days" defaultValue={INVITATION_DAYS.default} className={cn(inputClass, "mt-1")}>
            {DAY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "1 day" : `${d} days`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>Make invitation link</button>
        <p className="basis-full text-xs text-slate-500">
          For someone who already has an account made elsewhere (another provider&apos;s technician): adding them by e-mail is refused, because an address proves nothing. Whoever opens the link while signed in joins with its role.
        </p>
      </KeptForm>
      {issued && <OneTimeSecret key={issued.link} label="Invitation link" value={issued.link} message={issued.message} />}
      {invitations.length > 0 && (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Open invitation links">
          {invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="invitation-row">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{i.note ?? "Invitation link"}</p>
                <p className="truncate text-xs text-slate-500">
                  made by {i.createdBy?.email ?? "a former member"} on {new Date(i.createdAt).toUTCString()} · {i.expired ? "expired" : "valid until"} {new Date(i.expiresAt).toUTCString()}
                </p>
              </div>
              {i.expired && <Badge tone="amber">Expired</Badge>}
              <Badge tone="slate">{ROLE_LABEL[i.role]}</Badge>
              <ConfirmDialog
                trigger={<button type="button" disabled={busy} aria-label={`Revoke the invitation link${i.note ? ` for ${i.note}` : ""}`} className={buttonClass("ghost", "sm")}>{i.expired ? "Remove" : "Revoke"}</button>}
                title={i.expired ? "Remove this expired link?" : "Revoke this invitation link?"}
                description="It stops working at once; nobody can join with it."
                confirmLabel={i.expired ? "Remove link" : "Revoke link"}
                onConfirm={() => void run(() => apiFetch(`${base}/${i.id}`, { method: "DELETE" }))}
                destructive
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
