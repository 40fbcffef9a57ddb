"use client";
// Changing one's password (POST /api/v1/auth/password): the current password, the new one
// twice, and the answer turned into a message. Used by the Change password dialog and by the
// /change-password page an account with a temporary password is sent to. A message about one
// field (wrong current password, a new one too short or only spaces, the two not matching) is
// shown under that field as its description, the field marked invalid, until a field it is about
// is edited: a message about what was sent must not stay under a field that now holds something
// else. Anything else is the form's message.
import { useId, useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { NEW_PASSWORD_MIN_LENGTH } from "@/lib/auth/new-password";

const FIELDS = [
  ["current", "Current password", "current-password"],
  ["next", `New password (at least ${NEW_PASSWORD_MIN_LENGTH} characters)`, "new-password"],
  ["confirm", "New password again", "new-password"],
] as const;

type Key = (typeof FIELDS)[number][0];
type Values = Record<Key, string>;
const EMPTY: Values = { current: "", next: "", confirm: "" };
/** Shown under `field`; `about` are the fields whose edit may make it untrue (field included). */
type FieldError = { field: Key; message: string; about: Key[] };

/** `submit` resolves true once the password is changed (every other browser session is then signed out; this one stays). */
export function useChangePassword() {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const errorId = useId();

  const setValue = (key: Key, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldError((e) => (e?.about.includes(key) ? null : e));
  };

  const submit = async (): Promise<boolean> => {
    setError(null);
    setFieldError(null);
    if (values.next !== values.confirm) {
      setFieldError({ field: "confirm", message: "The new passwords do not match.", about: ["next", "confirm"] });
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
    if (body?.error === "invalid_current_password") setFieldError({ field: "current", message: "The current password is wrong.", about: ["current"] });
    // About the current one too: "must differ from the current password".
    else if (body?.message?.startsWith("newPassword: ")) setFieldError({ field: "next", message: newPasswordMessage(body.message), about: ["current", "next"] });
    else setError(body?.message ?? "The password could not be changed; try again.");
    return false;
  };
  const reset = () => (setValues(EMPTY), setError(null), setFieldError(null));
  return { values, setValue, busy, error, fieldError, errorId, submit, reset };
}

/** "newPassword: must not be only spaces" → "The new password must not be only spaces." */
const newPasswordMessage = (message: string) => `${message.replace(/^newPassword: /, "The new password ")}${message.endsWith(".") ? "" : "."}`;

type FieldsProps = Pick<ReturnType<typeof useChangePassword>, "values" | "setValue" | "fieldError" | "errorId"> & { currentLabel?: string };

export function PasswordFields({ values, setValue, fieldError, errorId, currentLabel }: FieldsProps) {
  return FIELDS.map(([key, label, autoComplete], i) => (
    <div key={key}>
      <label className="block text-sm font-medium text-slate-700">
        {key === "current" && currentLabel ? currentLabel : label}
        <input
          aria-invalid={fieldError?.field === key || undefined}
          aria-describedby={fieldError?.field === key ? errorId : undefined}
          type="password"
          value={values[key]}
          onChange={(e) => setValue(key, e.target.value)}
          required
          minLength={key === "current" ? 1 : NEW_PASSWORD_MIN_LENGTH}
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
