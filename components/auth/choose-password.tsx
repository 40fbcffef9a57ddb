"use client";
// The /change-password page's form: on success this browser is signed out (the change ends
// every session) and the sign-in page says the password was changed, then leads on to the page
// the user was going to when they were sent here (callbackUrl, already checked by the page).
import { PasswordFields, useChangePassword } from "@/components/auth/change-password-form";
import { useSignOut } from "@/components/auth/use-sign-out";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";

export function ChoosePassword({ callbackUrl }: { callbackUrl: string | null }) {
  const form = useChangePassword();
  const { form: signOutForm, signOut, ready } = useSignOut();
  const signInAgain = `/signin?notice=password-changed${callbackUrl ? `&callbackUrl=${encodeURIComponent(callbackUrl)}` : ""}`;
  return (
    <>
      {signOutForm}
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit().then((ok) => ok && signOut(signInAgain));
        }}
      >
        <PasswordFields {...form} currentLabel="Temporary password" />
        <ErrorAlert error={form.error} />
        <div className="flex items-center justify-between">
          <button type="button" disabled={!ready} className={buttonClass("ghost", "sm")} onClick={() => signOut()}>
            Sign out
          </button>
          <button type="submit" disabled={form.busy || !ready} className={buttonClass("primary")}>
            {form.busy ? "Saving…" : "Save password"}
          </button>
        </div>
      </form>
    </>
  );
}
