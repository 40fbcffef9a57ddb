"use client";
// The account page's client part: password, sessions and API tokens, sharing one sign-out form
// (a password change, or ending this browser's own session, signs this browser out).
import { useState } from "react";
import { AccountSessions } from "@/components/account/account-sessions";
import { AccountTokens } from "@/components/account/account-tokens";
import { useSignOut } from "@/components/auth/use-sign-out";
import { ChangePasswordDialog } from "@/components/shell/change-password-dialog";
import { buttonClass } from "@/components/ui/button";
import type { ApiTokenInfo } from "@/lib/auth/list-api-tokens";
import type { BrowserSessionInfo } from "@/lib/auth/list-browser-sessions";

export function AccountSecurity({ sessions, tokens }: { sessions: BrowserSessionInfo[]; tokens: ApiTokenInfo[] }) {
  const { form, signOut, ready } = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <div className="mt-8 space-y-10">
      {form}
      <section aria-labelledby="password-heading" className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="password-heading" className="text-lg font-semibold">Password</h2>
          <p className="text-sm text-slate-500">Changing it signs out every browser, this one included. API tokens keep working.</p>
        </div>
        <button type="button" disabled={!ready} className={buttonClass("secondary", "sm")} onClick={() => setChangingPassword(true)}>
          Change password…
        </button>
      </section>
      <AccountSessions sessions={sessions} onSignOut={() => signOut()} />
      <AccountTokens tokens={tokens} />
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} onChanged={() => signOut("/signin?notice=password-changed")} />
    </div>
  );
}
