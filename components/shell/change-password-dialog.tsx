"use client";
// Change password (POST /api/v1/auth/password): the current password, the new one twice. On
// success every browser session is signed out, this one too; `onChanged` takes the user to the
// sign-in page.
import { useState } from "react";
import { FormDialog } from "@/components/ui/form-dialog";
import { inputClass } from "@/components/resources/api-fetch";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onChanged: () => void };

const FIELDS = [
  ["current", "Current password", "current-password"],
  ["next", "New password (at least 8 characters)", "new-password"],
  ["confirm", "New password again", "new-password"],
] as const;

export function ChangePasswordDialog({ open, onOpenChange, onChanged }: Props) {
  const empty = { current: "", next: "", confirm: "" };
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (values.next !== values.confirm) return setError("The new passwords do not match.");
    setBusy(true);
    setError(null);
    const res = await fetch("/api/v1/auth/password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: values.current, newPassword: values.next }),
    }).catch(() => null);
    setBusy(false);
    if (res?.ok) return onChanged();
    const body = (await res?.json().catch(() => null)) as { error?: string; message?: string } | null;
    setError(
      body?.error === "invalid_current_password"
        ? "The current password is wrong."
        : (body?.message?.replace(/^newPassword: /, "The new password ") ?? "The password could not be changed; try again."),
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => (o && (setValues(empty), setError(null)), onOpenChange(o))}
      title="Change password"
      description="Every browser signed in to your account is signed out, this one included; sign in again with the new password. API tokens keep working."
      onSubmit={() => void submit()}
      busy={busy}
      error={error}
      submitLabel="Change password"
      busyLabel="Changing…"
    >
      {FIELDS.map(([key, label, autoComplete], i) => (
        <label key={key} className="block text-sm font-medium text-slate-700">
          {label}
          <input
            type="password"
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            required
            minLength={key === "current" ? 1 : 8}
            maxLength={1000}
            autoComplete={autoComplete}
            autoFocus={i === 0}
            className={`mt-1 ${inputClass} py-2`}
          />
        </label>
      ))}
    </FormDialog>
  );
}
