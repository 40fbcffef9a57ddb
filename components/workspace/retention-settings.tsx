"use client";
// A workspace's data retention: for each setting the value in effect, whether it is the
// operator's default or this workspace's own, and (owners) a field to change it and a button to
// go back to the default. An empty field is the default. A value the API refuses (400 with
// `field`) is shown at its field, which takes focus; a save's result is said in a status line.
// Roles that cannot change it see the same values read-only, with the reason.
import { useRef, useState } from "react";
import { apiFetch, ApiCallError, inputClass } from "@/components/resources/api-fetch";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useApiAction } from "@/components/ui/use-api-action";
import {
  describeRetentionValue,
  RETENTION_FIELDS,
  RETENTION_GROUPS,
  retentionMax,
  type RetentionField,
  type RetentionKey,
  type RetentionValues,
} from "@/lib/retention/retention-fields";
import type { WorkspaceRetention } from "@/lib/retention/workspace-retention";

/** The refused field and its own message ("at most 30 (the operator's …)", without the
 *  "deliveryDays: " the API's message starts with), when the 400 names one of these fields. */
function refusedField(e: ApiCallError): { key: RetentionKey; message: string } | null {
  const known = RETENTION_FIELDS.find((f) => f.key === e.body.field);
  if (!known) return null;
  const issues = Array.isArray(e.body.issues) ? (e.body.issues as { path?: string; message?: string }[]) : [];
  return { key: known.key, message: issues.find((i) => i.path === known.key)?.message ?? e.message };
}

type View = { overrides: WorkspaceRetention; effective: RetentionValues };
type Props = { workspaceId: string; view: View; defaults: RetentionValues; canChange: boolean; role: string };

const asInputs = (o: WorkspaceRetention) => Object.fromEntries(RETENTION_FIELDS.map((f) => [f.key, o[f.key]?.toString() ?? ""])) as Record<RetentionKey, string>;

export function RetentionSettings({ workspaceId, view: initial, defaults, canChange, role }: Props) {
  const [view, setView] = useState(initial);
  const [inputs, setInputs] = useState(() => asInputs(initial.overrides));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RetentionKey, string>>>({});
  const [saved, setSaved] = useState("");
  const { run, busy, error, setError } = useApiAction();
  const refs = useRef<Partial<Record<RetentionKey, HTMLInputElement | null>>>({});
  const url = `/api/v1/workspaces/${workspaceId}/retention`;

  const put = async (overrides: WorkspaceRetention, said: string, focus?: RetentionKey) => {
    setSaved("");
    setFieldErrors({});
    let refused: { key: RetentionKey; message: string } | null = null;
    const ok = await run(async () => {
      try {
        setView(await apiFetch<View>(url, { method: "PUT", json: overrides }));
      } catch (e) {
        refused = e instanceof ApiCallError && e.status === 400 ? refusedField(e) : null;
        throw e;
      }
    });
    if (ok) {
      setSaved(said);
      if (focus) refs.current[focus]?.focus();
    } else if (refused) {
      // Said at the field rather than above the form: the field is what to fix.
      const { key, message } = refused as { key: RetentionKey; message: string };
      setError(null);
      setFieldErrors({ [key]: message });
      refs.current[key]?.focus();
    }
    return ok;
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const overrides: WorkspaceRetention = {};
    const wrong: Partial<Record<RetentionKey, string>> = {};
    for (const f of RETENTION_FIELDS) {
      const raw = inputs[f.key].trim().replace(/[,\s]/g, "");
      if (raw === "") continue;
      if (!/^\d+$/.test(raw) || Number(raw) < 1) wrong[f.key] = `a whole number of ${f.unit}, at least 1 — or leave it empty for the default`;
      else overrides[f.key] = Number(raw);
    }
    const first = RETENTION_FIELDS.find((f) => wrong[f.key]);
    if (first) {
      setSaved("");
      setFieldErrors(wrong);
      refs.current[first.key]?.focus();
      return;
    }
    if (await put(overrides, "Retention saved.")) setInputs(asInputs(overrides));
  };

  const reset = async (f: RetentionField) => {
    const rest = { ...view.overrides };
    delete rest[f.key];
    if (await put(rest, `${f.label} ${describeRetentionValue(f, defaults[f.key])}: back to the operator's default.`, f.key)) {
      setInputs((s) => ({ ...s, [f.key]: "" }));
    }
  };

  const anyOverride = RETENTION_FIELDS.some((f) => view.overrides[f.key] !== undefined);
  const body = (
    <div className="space-y-6">
      {RETENTION_GROUPS.map((g) => (
        <fieldset key={g.title} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">{g.title}</legend>
          <div className="divide-y divide-slate-100">
            {g.fields.map((f) => (
              <FieldRow
                key={f.key}
                field={f}
                effective={view.effective[f.key]}
                own={view.overrides[f.key] !== undefined}
                fallback={defaults[f.key]}
                max={retentionMax(f, defaults)}
                canChange={canChange}
                value={inputs[f.key]}
                error={fieldErrors[f.key]}
                busy={busy}
                inputRef={(el) => {
                  refs.current[f.key] = el;
                }}
                onChange={(v) => {
                  setInputs((s) => ({ ...s, [f.key]: v }));
                  setSaved("");
                }}
                onReset={() => void reset(f)}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );

  if (!canChange) {
    return (
      <div className="mt-6 space-y-4">
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="retention-read-only">
          Only an owner of this workspace can change how long its history is kept; your role here is {role}. Ask an owner to change it.
        </p>
        {body}
      </div>
    );
  }
  return (
    <form onSubmit={save} noValidate className="mt-6 space-y-4" aria-label="Data retention">
      <ErrorAlert error={error} />
      {body}
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton type="submit" busy={busy} className={buttonClass("primary")}>Save retention</BusyButton>
        {anyOverride && (
          <BusyButton busy={busy} className={buttonClass("secondary")} onClick={() => void put({}, "Every setting is back to the operator's default.")}>
            Reset all to defaults
          </BusyButton>
        )}
        <p role="status" className="text-sm text-emerald-700">{saved}</p>
      </div>
    </form>
  );
}

type RowProps = {
  field: RetentionField;
  effective: number;
  own: boolean;
  fallback: number;
  max: number;
  canChange: boolean;
  value: string;
  error?: string;
  busy: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (v: string) => void;
  onReset: () => void;
};

function FieldRow({ field: f, effective, own, fallback, max, canChange, value, error, busy, inputRef, onChange, onReset }: RowProps) {
  const id = `retention-${f.key}`;
  const hint = `${id}-hint`;
  const err = `${id}-error`;
  return (
    <div className="flex flex-col gap-2 py-3 first:pt-1 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6" data-testid={`retention-${f.key}`}>
      <div className="min-w-0 flex-1">
        {canChange ? (
          <label htmlFor={id} className="text-sm font-medium text-slate-800">{f.label} ({f.unit})</label>
        ) : (
          <p className="text-sm font-medium text-slate-800">{f.label}</p>
        )}
        <p id={hint} className="mt-0.5 text-xs text-slate-500">
          {f.what} Default: {describeRetentionValue(f, fallback)}
          {f.cappedByOperator ? ` — also the most a workspace may keep (the operator's limit).` : "."}
          {canChange && " Leave empty for the default."}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="in-effect">
          <span>In effect: <strong>{describeRetentionValue(f, effective)}</strong></span>
          {own ? <Badge tone="blue">Set for this workspace</Badge> : <Badge>Operator&apos;s default</Badge>}
        </p>
      </div>
      {canChange && (
        <div className="flex shrink-0 flex-col gap-1 sm:w-56 sm:items-end">
          <div className="flex items-center gap-2">
            <input
              ref={inputRef}
              id={id}
              name={f.key}
              inputMode="numeric"
              autoComplete="off"
              value={value}
              placeholder={String(fallback)}
              onChange={(e) => onChange(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${err} ${hint}` : hint}
              className={`${inputClass} w-28 ${error ? "border-red-500" : ""}`}
            />
            {own && (
              <BusyButton busy={busy} onClick={onReset} className={buttonClass("ghost", "sm")} aria-label={`Reset “${f.label} (${f.unit})” to the default, ${describeRetentionValue(f, fallback)}`}>
                Reset
              </BusyButton>
            )}
          </div>
          {error && (
            <p id={err} className="text-xs text-red-700 sm:text-right">
              {error}
            </p>
          )}
          {f.cappedByOperator && <p className="text-xs text-slate-500 sm:text-right">At most {max.toLocaleString("en-US")}</p>}
        </div>
      )}
    </div>
  );
}
