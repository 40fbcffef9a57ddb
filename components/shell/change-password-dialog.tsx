"use client";
// Change password as a dialog (user menu, Account & security). On success every other browser
// session is signed out and this one stays signed in (lib/auth/change-password.ts): the dialog
// closes and `onChanged` lets its page say so (PASSWORD_CHANGED).
import { FormDialog } from "@/components/ui/form-dialog";
import { PasswordFields, useChangePassword } from "@/components/auth/change-password-form";

/** What a page says once the password is changed: what happened to the other sessions and tokens. */
export const PASSWORD_CHANGED = "Password changed; your other sessions were signed out. API tokens keep working.";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onChanged: () => void };

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: Props) {
  const form = useChangePassword();
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o && form.reset(), onOpenChange(o))}
      title="Change password"
      description="This browser stays signed in; every other browser signed in to your account is signed out. API tokens keep working."
      onSubmit={() =>
        void form.submit().then((ok) => {
          if (!ok) return;
          onOpenChange(false);
          onChanged();
        })
      }
      busy={form.busy}
      error={form.error}
      submitLabel="Change password"
      busyLabel="Changing…"
    >
      <PasswordFields {...form} />
    </FormDialog>
  );
}
