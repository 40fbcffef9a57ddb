"use client";
// The account page's client part: password, sessions and API tokens. A password change keeps
// this browser signed in and ends the others: the page says so and re-reads the sessions list.
// Ending this browser's own session signs it out (the sign-out form).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { AccountSessions } from "@/components/account/account-sessions";
import { AccountTokens } from "@/components/account/account-tokens";
import { useSignOut } from "@/components/auth/use-sign-out";
import { ChangePasswordDialog, PASSWORD_CHANGED } from "@/components/shell/change-password-dialog";
import { buttonClass } from "@/components/ui/button";
import type { ApiTokenInfo } from "@/lib/auth/list-api-tokens";
import type { BrowserSessionInfo } from "@/lib/auth/list-browser-sessions";

export function AccountSecurity({ sessions, tokens }: { sessions: BrowserSessionInfo[]; tokens: ApiTokenInfo[] }) {
  const { form, signOut } = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const router = useRouter();
  return (
    <div className="mt-8 space-y-10">
      {form}
      <section aria-labelledby="password-heading" className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="password-heading" className="text-lg font-semibold">Password</h2>
          <p className="text-sm text-slate-500">Changing it signs out every other browser; this one stays signed in. API tokens keep working.</p>
          {passwordChanged && (
            <p role="status" className="mt-1 text-sm text-green-700">
              {PASSWORD_CHANGED}
            </p>
          )}
        </div>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => (setPasswordChanged(false), setChangingPassword(true))}>
          Change password…
        </button>
      </section>
      <AccountSessions sessions={sessions} onSignOut={() => signOut()} />
      <AccountTokens tokens={tokens} />
      <ChangePasswordDialog
        open={changingPassword}
        onOpenChange={setChangingPassword}
        onChanged={() => (setPasswordChanged(true), router.refresh())}
      />
    </div>
  );
}
