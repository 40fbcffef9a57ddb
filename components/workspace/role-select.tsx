"use client";
// Roles as the Members page shows them: labels, the options of a role picker, and a member's
// role picker that shows the chosen role while it is saved and the stored one again if refused.
import { useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";
import { ROLES, type MemberView } from "@/lib/members/member-schema";

export const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" } as const;

export function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABEL[r]}
    </option>
  ));
}

/**
 * A member's role, showing the chosen one while it is saved and the stored one again if refused.
 * While a save is under way it is marked aria-disabled and ignores changes rather than being
 * disabled: a disabled control loses focus, so a keyboard user's next arrow key went to the page.
 */
export function RoleSelect({ member, busy, onChange }: { member: MemberView; busy: boolean; onChange: (role: string) => Promise<boolean> }) {
  const [value, setValue] = useState<string>(member.role);
  // A new stored role (this save's, once the page has refreshed, or someone else's) is shown. The
  // picker is kept, not rebuilt for it (a new key), which would also drop its focus.
  const [stored, setStored] = useState<string>(member.role);
  if (stored !== member.role) {
    setStored(member.role);
    setValue(member.role);
  }
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={value}
      aria-disabled={busy || undefined}
      onChange={(e) => {
        if (busy) return; // the select shows `value` again
        setValue(e.target.value);
        void onChange(e.target.value).then((ok) => ok || setValue(member.role));
      }}
      className={cn(inputClass, "w-32", busy && "opacity-50")}
    >
      <RoleOptions />
    </select>
  );
}
