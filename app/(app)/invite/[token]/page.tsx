// /invite/<token>: an invitation link. The signed-in holder sees which workspace and role it
// offers, who made it and whom for (its note), and accepts it, or signs in as someone else; a link
// used, expired or revoked says so — except to the person who used it, who reads that they joined.
// Signed out, the visit goes through /signin and comes back here (proxy.ts).
import type { Metadata } from "next";
import Link from "next/link";
import { requireCurrentUser } from "@/components/auth/current-user";
import { buttonClass } from "@/components/ui/button";
import { AcceptInvitation } from "@/components/workspace/accept-invitation";
import { AppError } from "@/lib/api/errors";
import type { InvitationPreview } from "@/lib/invitations/invitation-schema";
import { readInvitation } from "@/lib/invitations/read-invitation";
import { NotYou } from "./not-you";

export const metadata: Metadata = { title: "Invitation · MSP Flow" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await requireCurrentUser();
  let invitation: InvitationPreview | null = null;
  let problem: string | null = null;
  try {
    ({ invitation } = await readInvitation({ token, userId: user.id }));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    problem = `${e.message[0].toUpperCase()}${e.message.slice(1)}.`;
  }
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold">Invitation</h1>
        {invitation?.joined ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              You joined <strong>{invitation.workspace.name}</strong> with this link.
            </p>
            <Link href={`/w/${invitation.workspace.id}/workflows`} className={`mt-4 ${buttonClass("primary")}`}>
              Open {invitation.workspace.name}
            </Link>
          </>
        ) : invitation ? (
          <>
            <p className="mt-2 text-sm text-slate-700">
              {invitation.invitedBy ? `${invitation.invitedBy.name} (${invitation.invitedBy.email})` : "An owner"} invites you to{" "}
              <strong>{invitation.workspace.name}</strong> ({invitation.workspace.kind === "provider" ? "a provider workspace" : "a client workspace"}) as{" "}
              <strong>{invitation.role}</strong>.
            </p>
            {invitation.note && <p className="mt-2 text-sm text-slate-700" data-testid="invitation-note">For: {invitation.note}</p>}
            <p className="mt-1 text-xs text-slate-500">The link works once, until {new Date(invitation.expiresAt).toUTCString()}.</p>
            <NotYou email={user.email} token={token} />
            <AcceptInvitation token={token} workspace={invitation.workspace} alreadyMember={invitation.alreadyMember} />
          </>
        ) : (
          <>
            <p role="alert" className="mt-2 text-sm text-slate-700">{problem}</p>
            <Link href="/workspaces" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">Go to your workspaces</Link>
          </>
        )}
      </div>
    </main>
  );
}
