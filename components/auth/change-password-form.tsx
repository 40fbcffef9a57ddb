"use client";
// Changing one's password (POST /api/v1/auth/password): the current password, the new one
// twice, and the answer turned into a message. Used by the Change password dialog and by the
// /change-password page an account with a temporary password is sent to. A message about one
// field (wrong current password, a new one too short, the two not matching) is shown under that
// field as its description, the field marked invalid; anything else is the form's message.
import { useId, useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";

const FIELDS = [
  ["current", "Current password", "current-password"],
  ["next", "New password (at least 8 characters)", "new-password"],
  ["confirm", "New password again", "new-password"],
] as const;

type Key = (typeof FIELDS)[number][0];
type Values = Record<Key, string>;
const EMPTY: Values = { current: "", next: "", confirm: "" };
type FieldError = { field: Key; message: string };

/** `submit` resolves true once the password is changed (every browser session is then signed out). */
export function useChangePassword() {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const errorId = useId();

  const submit = async (): Promise<boolean> => {
    setError(null);
    setFieldError(null);
    if (values.next !== values.confirm) {
      setFieldError({ field: "confirm", message: "The new passwords do not match." });
      return false;
    }
    setBusy(true);
    const res = await fetch("/api/v1/auth/password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: values.current, newPassword: values.next }),
    }).catch(() => null);
    setBusy(false);
    if (res?.ok) return true;
    const body = (await res?.json().catch(() => null)) as { error?: string; message?: string } | null;
    if (body?.error === "invalid_current_password") setFieldError({ field: "current", message: "The current password is wrong." });
    else if (body?.message?.startsWith("newPassword: ")) setFieldError({ field: "next", message: body.message.replace(/^newPassword: /, "The new password ") });
    else setError(body?.message ?? "The password could not be changed; try again.");
    return false;
  };
  const reset = () => (setValues(EMPTY), setError(null), setFieldError(null));
  return { values, setValues, busy, error, fieldError, errorId, submit, reset };
}

type FieldsProps = Pick<ReturnType<typeof useChangePassword>, "values" | "setValues" | "fieldError" | "errorId"> & { currentLabel?: string };

export function PasswordFields({ values, setValues, fieldError, errorId, currentLabel }: FieldsProps) {
  return FIELDS.map(([key, label, autoComplete], i) => (
    <div key={key}>
      <label className="block text-sm font-medium text-slate-700">
        {key === "current" && currentLabel ? currentLabel : label}
        <input
          aria-invalid={fieldError?.field === key || undefined}
          aria-describedby={fieldError?.field === key ? errorId : undefined}
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
      {/* Outside the label, so it is the field's description and not part of its name. */}
      {fieldError?.field === key && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {fieldError.message}
        </p>
      )}
    </div>
  ));
}
