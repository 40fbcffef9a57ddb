"use client";
// Signs this browser out (next-auth's CSRF-protected sign-out form, use-sign-out.tsx), which
// clears the session cookie and goes to the sign-in page.
import { buttonClass } from "@/components/ui/button";
import { useSignOut } from "@/components/auth/use-sign-out";

export function SignOutButton() {
  const { form, signOut, ready } = useSignOut();
  return (
    <>
      {form}
      <button type="button" disabled={!ready} className={buttonClass("ghost", "sm")} onClick={() => signOut()}>
        Sign out
      </button>
    </>
  );
}
