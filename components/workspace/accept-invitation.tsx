"use client";
// Accept on an invitation link's page: joins the workspace and opens it. Someone already a member
// there is told so and sent on without using the link up.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useApiAction } from "@/components/ui/use-api-action";

type Props = { token: string; workspace: { id: string; name: string }; alreadyMember: boolean };

export function AcceptInvitation({ token, workspace, alreadyMember }: Props) {
  const router = useRouter();
  const { run, busy, error } = useApiAction();
  const open = `/w/${workspace.id}/workflows`;
  if (alreadyMember) {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-sm text-slate-700">You already work in {workspace.name} (with a role of your own, or through its provider); the link is left for the person it was meant for.</p>
        <Link href={open} className={buttonClass("primary")}>Open {workspace.name}</Link>
      </div>
    );
  }
  const accept = async () => {
    if (await run(() => apiFetch(`/api/v1/invitations/${encodeURIComponent(token)}/accept`, { method: "POST" }))) router.push(open);
  };
  return (
    <div className="mt-4 space-y-3">
      <ErrorAlert error={error} />
      <div className="flex gap-2">
        <button type="button" disabled={busy} onClick={() => void accept()} className={buttonClass("primary")}>
          Join {workspace.name}
        </button>
        <Link href="/workspaces" className={buttonClass("ghost")}>Not now</Link>
      </div>
    </div>
  );
}
