"use client";
// A plain HTML form posting to next-auth's credentials callback; next-auth answers with a
// redirect (to the callback URL, or back here with ?error=…).
//
// The button is not disabled waiting for the CSRF token (only until the page's script runs): a submit (Enter included) that comes
// first is held, shows "Signing in…", and goes once the token is there (without one — the
// request failed — next-auth sends the form back with "had expired"). The ?error= redirect does
// not carry the e-mail, so the form keeps it for this tab (sessionStorage, never the URL) and
// puts it back after a failed attempt.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";
import { useCsrf } from "@/components/auth/use-csrf-token";
import { signInErrorMessage } from "@/lib/auth/sign-in-error";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm " +
  "placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";

const EMAIL_KEY = "msp-flow:sign-in-email";
const noSubscribe = () => () => {};

export function SignInForm({ callbackUrl, error, email }: { callbackUrl: string; error: string | null; email?: string }) {
  const csrf = useCsrf();
  // Until React runs, a submit would post without a token (and without keeping the e-mail).
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [submitting, setSubmitting] = useState(false);
  const held = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The message is both fields' description; they are marked invalid only when it is about them
  // (not for an expired form or "please sign in").
  const errorId = useId();
  const fieldAria = error
    ? { "aria-describedby": errorId, "aria-invalid": error === signInErrorMessage("CredentialsSignin") || undefined }
    : {};

  // Back after a failed attempt: the e-mail as typed, and the cursor in the password.
  useEffect(() => {
    const saved = error && !email ? sessionStorage.getItem(EMAIL_KEY) : null;
    if (saved && emailRef.current && !emailRef.current.value) {
      emailRef.current.value = saved;
      passwordRef.current?.focus();
    }
  }, [error, email]);

  // A submit held for the token goes now (the hidden field already carries it).
  useEffect(() => {
    if (held.current && csrf.settled) {
      held.current = false;
      formRef.current?.submit();
    }
  }, [csrf.settled]);

  // The browser's Back button may show this page from its cache, mid-submit: make it usable.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => e.persisted && setSubmitting(false);
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/auth/callback/credentials"
      className="space-y-4"
      onSubmit={(e) => {
        if (submitting) return e.preventDefault();
        sessionStorage.setItem(EMAIL_KEY, emailRef.current?.value ?? "");
        setSubmitting(true);
        if (!csrf.settled) {
          e.preventDefault();
          held.current = true;
        }
      }}
    >
      <input type="hidden" name="csrfToken" value={csrf.token ?? ""} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {error && (
        <div id={errorId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </div>
      )}
      <label className="block text-sm font-medium text-slate-700">
        E-mail
        <input ref={emailRef} name="email" type="email" autoComplete="username" required autoFocus defaultValue={email} {...fieldAria} className={INPUT} />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Password
        <input ref={passwordRef} name="password" type="password" autoComplete="current-password" required {...fieldAria} className={INPUT} />
      </label>
      <button type="submit" disabled={!hydrated} aria-disabled={submitting || undefined} className={buttonClass("primary", "md", "w-full")}>
        {submitting ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
