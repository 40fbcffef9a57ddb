// /workspaces: straight into the first workspace the user may use (the provider when they
// belong to one). Someone with no membership yet gets told what to do.
import { redirect } from "next/navigation";
import { requireCurrentUser } from "@/components/auth/current-user";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export default async function WorkspacesPage() {
  const user = await requireCurrentUser();
  const [first] = await listAccessibleWorkspaces(user.id);
  if (first) redirect(`/w/${first.id}/workflows`);
  return (
    <main className="flex min-h-full items-center justify-center px-4">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-lg font-semibold">No workspace yet</h1>
        <p className="mt-2 text-sm text-slate-600">
          You are signed in as {user.email}, but no workspace has been shared with you. Ask an owner of your provider&apos;s workspace to add you, or for an invitation link, and open it while signed in.
        </p>
        <div className="mt-4 flex justify-center">
          <SignOutButton />
        </div>
      </div>
    </main>
  );
}
