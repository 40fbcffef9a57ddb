"use client";
// "Not you? Sign in as someone else": a link opened in the wrong account's browser (a shared
// machine, an owner testing it) signs out and comes back to the link, which, signed out, goes
// through the sign-in form and back here (proxy.ts).
import { useSignOut } from "@/components/auth/use-sign-out";

export function NotYou({ email, token }: { email: string; token: string }) {
  const { form, signOut, ready } = useSignOut();
  return (
    <p className="mt-1 text-xs text-slate-500">
      {form}
      You are signed in as {email}. Not you?{" "}
      <button type="button" disabled={!ready} onClick={() => signOut(`/invite/${encodeURIComponent(token)}`)} className="font-medium text-brand-700 hover:underline disabled:opacity-50">
        Sign in as someone else
      </button>
    </p>
  );
}
