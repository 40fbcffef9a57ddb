"use client";
// A plain HTML form posting to next-auth's credentials callback; next-auth answers with a
// redirect (to the callback URL, or back here with ?error=…).
import { buttonClass } from "@/components/ui/button";
import { useCsrfToken } from "@/components/auth/use-csrf-token";

const INPUT =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm " +
  "placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";

export function SignInForm({ callbackUrl, error, email }: { callbackUrl: string; error: string | null; email?: string }) {
  const csrfToken = useCsrfToken();
  return (
    <form method="post" action="/api/auth/callback/credentials" className="space-y-4">
      <input type="hidden" name="csrfToken" value={csrfToken ?? ""} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </div>
      )}
      <label className="block text-sm font-medium text-slate-700">
        E-mail
        <input name="email" type="email" autoComplete="username" required autoFocus defaultValue={email} className={INPUT} />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Password
        <input name="password" type="password" autoComplete="current-password" required className={INPUT} />
      </label>
      <button type="submit" disabled={!csrfToken} className={buttonClass("primary", "md", "w-full")}>
        Sign in
      </button>
    </form>
  );
}
