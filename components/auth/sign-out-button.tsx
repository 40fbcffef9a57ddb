"use client";
// Posts to next-auth's sign-out endpoint (CSRF-protected), which clears the session cookie and
// redirects to the sign-in page.
import { buttonClass } from "@/components/ui/button";
import { useCsrfToken } from "@/components/auth/use-csrf-token";

export function SignOutButton() {
  const csrfToken = useCsrfToken();
  return (
    <form method="post" action="/api/auth/signout">
      <input type="hidden" name="csrfToken" value={csrfToken ?? ""} />
      <input type="hidden" name="callbackUrl" value="/signin" />
      <button type="submit" disabled={!csrfToken} className={buttonClass("ghost", "sm")}>
        Sign out
      </button>
    </form>
  );
}
