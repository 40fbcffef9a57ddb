// Where an account created with a temporary password lands after signing in: nothing else
// opens until its owner has chosen a password of their own (components/auth/current-user.ts).
// The page they were going to (?callbackUrl, a path on this site) is where the form leads on
// once the password is chosen (this browser stays signed in), so a deep link or an invitation
// link still opens afterwards.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/components/auth/current-user";
import { ChoosePassword } from "@/components/auth/choose-password";
import { DEFAULT_LANDING, safeCallbackPath } from "@/lib/auth/callback-path";

export const metadata: Metadata = { title: "Choose your password · MSP Flow" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ChangePasswordPage({ searchParams }: { searchParams: Search }) {
  const raw = (await searchParams).callbackUrl;
  const asked = safeCallbackPath(Array.isArray(raw) ? raw[0] : raw);
  // Never back to this page itself: that would only lead round again.
  const callbackUrl = asked && !asked.startsWith("/change-password") ? asked : null;
  const user = await getCurrentUser();
  if (!user) {
    const here = callbackUrl ? `/change-password?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/change-password";
    redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  }
  if (!user.mustChangePassword) redirect(callbackUrl ?? DEFAULT_LANDING);
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold">Choose your password</h1>
        <p className="mt-1 text-sm text-slate-600">
          You signed in as {user.email} with a first password: one someone gave you, or the default one printed when the service was set up. Choose one of your own to go on.
        </p>
        <ChoosePassword callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
