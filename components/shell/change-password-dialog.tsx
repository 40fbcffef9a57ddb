"use client";
// Change password (POST /api/v1/auth/password): the current password, the new one twice. On
// success every browser session is signed out, this one too; `onChanged` takes the user to the
// sign-in page.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { buttonClass } from "@/components/ui/button";
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
    <Dialog.Root open={open} onOpenChange={(o) => (o && (setValues(empty), setError(null)), onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Change password</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-500">
            Every browser signed in to your account is signed out, this one included; sign in again with the new password. API tokens keep
            working.
          </Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
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
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                {busy ? "Changing…" : "Change password"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
