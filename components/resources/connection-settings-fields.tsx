"use client";
// An account's non-secret settings (token URL, scope, audience, API-key header and prefix, default
// model, how an AI account sends its key: the config keys its auth kind reads, lib/connections/connection-auth.ts) — the inputs of
// the add and Edit forms, and the summary on its row. Unlike credentials they are shown again.
import { useId } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CONFIG_KEYS, type AuthKind, type ConfigKey } from "@/lib/connections/connection-auth";
import { authorizeParamsText, CLIENT_AUTH_LABELS, CONFIG_FIELDS, DEFAULT_API_KEY_HEADER, findPlaceholder, KEY_HEADER_LABELS } from "@/lib/connections/connection-settings";

// A choice whose first option is what applies when the setting is unset: that one is not stored.
const CHOICE_DEFAULTS: Partial<Record<ConfigKey, string>> = { clientAuth: "body", keyHeader: "authorization" };
const isDefaultChoice = (key: ConfigKey, value: unknown) => CHOICE_DEFAULTS[key] !== undefined && value === CHOICE_DEFAULTS[key];

type FieldsProps = {
  kind: AuthKind;
  /** What the inputs start with: the app's defaults (add) or the account's settings (Edit). */
  values: Record<string, unknown>;
  /** The app's templates (lib/connections/app-catalog.ts configHints), shown as placeholders. */
  hints?: Partial<Record<ConfigKey, string>>;
};

export function SettingsFields({ kind, values, hints }: FieldsProps) {
  const id = useId();
  return (
    <>
      {CONFIG_KEYS[kind].map((key) => {
        const field = CONFIG_FIELDS[key];
        const start = key === "authorizeParams" ? authorizeParamsText(values[key]) : typeof values[key] === "string" ? (values[key] as string) : "";
        const label = (
          <>
            {field.label}
            {field.optional && <span className="font-normal text-slate-500"> (optional)</span>}
          </>
        );
        if (key === "clientAuth") {
          return (
            <label key={key} className="text-sm font-medium text-slate-700">
              {label}
              <select name="config.clientAuth" defaultValue={start === "basic" ? "basic" : "body"} className={cn(inputClass, "mt-1")}>
                {Object.entries(CLIENT_AUTH_LABELS).map(([v, text]) => <option key={v} value={v}>{text}</option>)}
              </select>
            </label>
          );
        }
        if (key === "keyHeader") {
          return (
            <label key={key} className="text-sm font-medium text-slate-700">
              {field.label}
              <select name="config.keyHeader" defaultValue={start === "api-key" ? "api-key" : "authorization"} className={cn(inputClass, "mt-1")}>
                {Object.entries(KEY_HEADER_LABELS).map(([v, text]) => <option key={v} value={v}>{text}</option>)}
              </select>
            </label>
          );
        }
        const hint = hints?.[key];
        const placeholder = findPlaceholder(hint);
        // The hint is outside the label: inside, it was read as part of the field's name.
        return (
          <div key={key} className={cn(key === "tokenUrl" && "sm:col-span-2")}>
            <label className="block text-sm font-medium text-slate-700">
              {label}
              <input
                name={`config.${key}`}
                type={key === "tokenUrl" ? "url" : "text"}
                defaultValue={start}
                required={!field.optional}
                placeholder={hint ?? field.placeholder}
                aria-describedby={placeholder ? `${id}-${key}` : undefined}
                autoComplete="off"
                className={cn(inputClass, "mt-1")}
              />
            </label>
            {placeholder && (
              <p id={`${id}-${key}`} className="mt-1 text-xs text-slate-500">
                The address depends on your tenant: type it with {placeholder} replaced by your own value.
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

/** The settings of `kind` from a form: empty ones left out (the default applies), a prefix kept
 *  as typed ("Token " ends in the space that separates it from the key). */
export function readSettings(form: FormData, kind: AuthKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS[kind]) {
    const raw = String(form.get(`config.${key}`) ?? "");
    const value = key === "prefix" ? raw : raw.trim();
    if (value === "" || isDefaultChoice(key, value)) continue;
    // Typed as a query string, stored as the map of name → value the API takes.
    out[key] = key === "authorizeParams" ? Object.fromEntries(new URLSearchParams(value.replace(/^\?/, ""))) : value;
  }
  return out;
}

/** Whether `next` holds the same settings of `kind` as the stored config (an Edit that left them alone). */
export function sameSettings(next: Record<string, unknown>, stored: Record<string, unknown>, kind: AuthKind): boolean {
  const text = (key: ConfigKey, v: unknown) => (key === "authorizeParams" ? authorizeParamsText(v) : typeof v === "string" && !isDefaultChoice(key, v) ? v : "");
  return CONFIG_KEYS[kind].every((key) => text(key, next[key]) === text(key, stored[key]));
}

/** One line under an account: its settings, a missing token URL or a leftover template flagged. */
export function SettingsSummary({ kind, config }: { kind: AuthKind; config: Record<string, unknown> }) {
  const keys = CONFIG_KEYS[kind];
  if (keys.length === 0) return null;
  const text = (key: ConfigKey) => (typeof config[key] === "string" && config[key] !== "" ? (config[key] as string) : null);
  const items: { key: ConfigKey; value: React.ReactNode }[] = [];
  for (const key of keys) {
    const value = text(key);
    if (key === "tokenUrl") {
      const placeholder = findPlaceholder(value);
      items.push({
        key,
        value: !value ? <Badge tone="amber">not set: no token can be fetched</Badge> : placeholder ? <><span className="break-all">{value}</span> <Badge tone="amber">replace {placeholder}</Badge></> : <span className="break-all">{value}</span>,
      });
    } else if (key === "headerName") items.push({ key, value: value ?? `${DEFAULT_API_KEY_HEADER} (default)` });
    else if (key === "authorizeParams") {
      const params = authorizeParamsText(config[key]);
      if (params) items.push({ key, value: <span className="break-all">{params}</span> });
    } else if (key === "clientAuth") items.push({ key, value: CLIENT_AUTH_LABELS[value === "basic" ? "basic" : "body"] });
    else if (key === "keyHeader") items.push({ key, value: KEY_HEADER_LABELS[value === "api-key" ? "api-key" : "authorization"] });
    else if (key === "prefix") {
      if (value !== null) items.push({ key, value: `“${value}”` });
    } else if (key === "defaultModel") items.push({ key, value: value ?? "none (each step names its model)" });
    else if (value !== null) items.push({ key, value: <span className="break-all">{value}</span> });
  }
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Settings">
      {items.map(({ key, value }) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="shrink-0 text-slate-400">{CONFIG_FIELDS[key].label}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
