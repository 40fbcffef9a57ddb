"use client";
// Roles as the Members page shows them: labels, the options of a role picker, and a member's
// role picker that shows the chosen role while it is saved and the stored one again if refused.
import { useRef, useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { ROLES, type MemberView } from "@/lib/members/member-schema";

export const ROLE_LABEL = { owner: "Owner", editor: "Editor", viewer: "Viewer" } as const;

export function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABEL[r]}
    </option>
  ));
}

/** Keys that change a closed picker's value as they are pressed (arrows, Home/End, type-ahead). */
const stepsValue = (e: React.KeyboardEvent) => !e.altKey && !e.ctrlKey && !e.metaKey && (/^(Arrow|Page)|^(Home|End)$/.test(e.key) || (e.key.length === 1 && e.key !== " "));

/**
 * A member's role, showing the chosen one while it is saved and the stored one again if refused.
 * Chosen with the mouse it is saved at once; stepped through from the keyboard (each arrow key is
 * a change event) it is saved on Enter or when focus leaves — not on each press, which saved, and
 * wrote an audit event, for every role passed on the way. A saved change is said (a polite live
 * region). While a save is under way it is marked aria-disabled and ignores changes rather than
 * being disabled: a disabled control loses focus, so a keyboard user's next key went to the page.
 */
export function RoleSelect({ member, busy, onChange }: { member: MemberView; busy: boolean; onChange: (role: string) => Promise<boolean> }) {
  const [value, setValue] = useState<string>(member.role);
  // A new stored role (this save's, once the page has refreshed, or someone else's) is shown. The
  // picker is kept, not rebuilt for it (a new key), which would also drop its focus.
  const [stored, setStored] = useState<string>(member.role);
  // The roles this picker sent whose refresh has not come back yet, oldest first. The refresh that
  // brings back the latest one leaves shown a role the user has stepped to since (ArrowUp again
  // before the page refreshed), to be saved in turn; one bringing back an earlier one (its refresh
  // came after the next save was sent: viewer → editor → owner showed editor, stored owner) is
  // passed over, the later refresh being on its way (Next applies refreshes in order). Any other
  // role is someone else's change, shown.
  const [sent, setSent] = useState<readonly string[]>([]);
  if (stored !== member.role) {
    setStored(member.role);
    if (member.role === sent.at(-1)) setSent([]);
    else if (!sent.includes(member.role)) {
      setSent([]);
      setValue(member.role);
    }
  }
  const keyed = useRef(false);
  const { announce, region } = useAnnouncer();
  const commit = (role: string) => {
    // Not again while this one is saved (Enter, then leaving the picker), nor the stored role.
    if (busy || role === member.role) return;
    setSent((s) => [...s, role]);
    void onChange(role).then((ok) => {
      if (ok) return announce(`${member.email} is now ${ROLE_LABEL[role as keyof typeof ROLE_LABEL] ?? role}.`);
      setSent((s) => s.filter((r) => r !== role)); // refused: no refresh brings it back
      setValue(member.role);
    });
  };
  return (
    <>
      <select
        aria-label={`Role of ${member.email}`}
        value={value}
        aria-disabled={busy || undefined}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit(value);
          } else keyed.current = stepsValue(e);
        }}
        onBlur={() => commit(value)}
        onChange={(e) => {
          if (busy) return; // the select shows `value` again
          setValue(e.target.value);
          const byKey = keyed.current;
          keyed.current = false;
          if (!byKey) commit(e.target.value);
        }}
        className={cn(inputClass, "w-32", busy && "opacity-50")}
      >
        <RoleOptions />
      </select>
      {region}
    </>
  );
}
