"use client";
// Change password as a dialog (user menu, Account & security). On success every browser
// session is signed out, this one too; `onChanged` takes the user to the sign-in page.
import { FormDialog } from "@/components/ui/form-dialog";
import { PasswordFields, useChangePassword } from "@/components/auth/change-password-form";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onChanged: () => void };

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: Props) {
  const form = useChangePassword();
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o && form.reset(), onOpenChange(o))}
      title="Change password"
      description="Every browser signed in to your account is signed out, this one included; sign in again with the new password. API tokens keep working."
      onSubmit={() => void form.submit().then((ok) => ok && onChanged())}
      busy={form.busy}
      error={form.error}
      submitLabel="Change password"
      busyLabel="Changing…"
    >
      <PasswordFields {...form} />
    </FormDialog>
  );
}
