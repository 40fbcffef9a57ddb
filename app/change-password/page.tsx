// Where an account created with a temporary password lands after signing in: nothing else
// opens until its owner has chosen a password of their own (components/auth/current-user.ts).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/components/auth/current-user";
import { ChoosePassword } from "@/components/auth/choose-password";

export const metadata: Metadata = { title: "Choose your password · MSP Flow" };

export default async function ChangePasswordPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/signin?callbackUrl=%2Fchange-password");
  if (!user.mustChangePassword) redirect("/workspaces");
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold">Choose your password</h1>
        <p className="mt-1 text-sm text-slate-600">
          You signed in as {user.email} with a first password: one someone gave you, or the default one printed when the service was set up. Choose one of your own; then sign in with it.
        </p>
        <ChoosePassword />
      </div>
    </main>
  );
}
