"use client";
// Signing this browser out from a script (a menu item, after a password change): next-auth's
// CSRF-protected sign-out form, hidden, submitted with the page to go to afterwards. Render
// `form` once; `signOut` is usable once `ready` (the CSRF token has arrived).
import { useRef } from "react";
import { useCsrfToken } from "@/components/auth/use-csrf-token";

export function useSignOut() {
  const csrfToken = useCsrfToken();
  const formRef = useRef<HTMLFormElement>(null);
  const callbackUrl = useRef<HTMLInputElement>(null);
  const form = (
    <form ref={formRef} method="post" action="/api/auth/signout" hidden>
      <input type="hidden" name="csrfToken" value={csrfToken ?? ""} />
      <input ref={callbackUrl} type="hidden" name="callbackUrl" defaultValue="/signin" />
    </form>
  );
  const signOut = (then = "/signin") => {
    if (callbackUrl.current) callbackUrl.current.value = then;
    formRef.current?.submit();
  };
  return { form, signOut, ready: csrfToken !== null };
}
