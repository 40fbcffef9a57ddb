"use client";
// Changing one's password (POST /api/v1/auth/password): the current password, the new one
// twice, and the answer turned into a message. Used by the Change password dialog and by the
// /change-password page an account with a temporary password is sent to.
import { useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";

const FIELDS = [
  ["current", "Current password", "current-password"],
  ["next", "New password (at least 8 characters)", "new-password"],
  ["confirm", "New password again", "new-password"],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;
const EMPTY: Values = { current: "", next: "", confirm: "" };

/** `submit` resolves true once the password is changed (every browser session is then signed out). */
export function useChangePassword() {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (): Promise<boolean> => {
    if (values.next !== values.confirm) {
      setError("The new passwords do not match.");
      return false;
    }
    setBusy(true);
    setError(null);
    const res = await fetch("/api/v1/auth/password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: values.current, newPassword: values.next }),
    }).catch(() => null);
    setBusy(false);
    if (res?.ok) return true;
    const body = (await res?.json().catch(() => null)) as { error?: string; message?: string } | null;
    setError(
      body?.error === "invalid_current_password"
        ? "The current password is wrong."
        : (body?.message?.replace(/^newPassword: /, "The new password ") ?? "The password could not be changed; try again."),
    );
    return false;
  };
  const reset = () => (setValues(EMPTY), setError(null));
  return { values, setValues, busy, error, submit, reset };
}

export function PasswordFields({ values, setValues, currentLabel }: Pick<ReturnType<typeof useChangePassword>, "values" | "setValues"> & { currentLabel?: string }) {
  return FIELDS.map(([key, label, autoComplete], i) => (
    <label key={key} className="block text-sm font-medium text-slate-700">
      {key === "current" && currentLabel ? currentLabel : label}
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
  ));
}
