"use client";
// Confirms an owner's reset of a member's password, with the choice to revoke the member's API
// tokens as well: a reset alone ends browser sessions and holds the tokens back (403) only until
// the member has chosen a new password; when the account may be in the wrong hands, a token in
// those hands would then work again.
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { MemberView } from "@/lib/members/member-schema";

export function ResetPasswordDialog({ member, disabled, onConfirm }: { member: MemberView; disabled: boolean; onConfirm: (revokeApiTokens: boolean) => void }) {
  const [revokeApiTokens, setRevokeApiTokens] = useState(false);
  return (
    <ConfirmDialog
      trigger={<button type="button" disabled={disabled} aria-label={`Reset the password of ${member.email}`} className={buttonClass("ghost", "sm")}>Reset password…</button>}
      title={`Reset the password of ${member.email}?`}
      description={
        <>
          They get a new temporary password to use once, shown to you now to pass on; their current password stops working and every browser signed in as them is signed out. Their API tokens are refused until they have chosen a new password, then work again.
          <label className="mt-3 flex items-start gap-2 text-slate-700">
            <input type="checkbox" className="mt-0.5" checked={revokeApiTokens} onChange={(e) => setRevokeApiTokens(e.target.checked)} />
            <span>Also revoke their API tokens — for an account that may be in the wrong hands; scripts using those tokens stop working for good.</span>
          </label>
        </>
      }
      onOpenChange={(open) => open && setRevokeApiTokens(false)}
      confirmLabel="Reset password"
      onConfirm={() => onConfirm(revokeApiTokens)}
    />
  );
}
