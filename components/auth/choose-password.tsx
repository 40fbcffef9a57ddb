"use client";
// The /change-password page's form. On success this browser stays signed in (the change ends
// only the other sessions, lib/auth/change-password.ts): the form gives way to what happened and
// a link on to the page the user was going to when they were sent here (callbackUrl, already
// checked by the page), else the usual landing page. Signing this browser out here too only sent
// a new member back to the sign-in form to type the password they had just chosen.
import { useEffect, useRef, useState } from "react";
import { PasswordFields, useChangePassword } from "@/components/auth/change-password-form";
import { useSignOut } from "@/components/auth/use-sign-out";
import { PASSWORD_CHANGED } from "@/components/shell/change-password-dialog";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { DEFAULT_LANDING } from "@/lib/auth/callback-path";

export function ChoosePassword({ callbackUrl }: { callbackUrl: string | null }) {
  const form = useChangePassword();
  const { form: signOutForm, signOut, ready } = useSignOut();
  const [changed, setChanged] = useState(false);
  const onward = useRef<HTMLAnchorElement>(null);
  // The form (and the focused field) has gone: focus goes to the way on.
  useEffect(() => {
    if (changed) onward.current?.focus();
  }, [changed]);
  if (changed) {
    return (
      <div className="mt-4 space-y-4">
        <p role="status" className="text-sm text-green-700">
          {PASSWORD_CHANGED}
        </p>
        {/* A full page load: the server renders the app for an account no longer held at this page. */}
        <a ref={onward} href={callbackUrl ?? DEFAULT_LANDING} className={buttonClass("primary")}>
          Continue
        </a>
      </div>
    );
  }
  return (
    <>
      {signOutForm}
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit().then((ok) => ok && setChanged(true));
        }}
      >
        <PasswordFields {...form} currentLabel="Temporary password" />
        <ErrorAlert error={form.error} />
        <div className="flex items-center justify-between">
          <button type="button" disabled={!ready} className={buttonClass("ghost", "sm")} onClick={() => signOut()}>
            Sign out
          </button>
          <button type="submit" disabled={form.busy} className={buttonClass("primary")}>
            {form.busy ? "Saving…" : "Save password"}
          </button>
        </div>
      </form>
    </>
  );
}
