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

/** A member's role, showing the chosen one while it is saved and the stored one again if refused. */
export function RoleSelect({ member, disabled, onChange }: { member: MemberView; disabled: boolean; onChange: (role: string) => Promise<boolean> }) {
  const [value, setValue] = useState<string>(member.role);
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        setValue(e.target.value);
        void onChange(e.target.value).then((ok) => ok || setValue(member.role));
      }}
      className={cn(inputClass, "w-32")}
    >
      <RoleOptions />
    </select>
  );
}
