"use client";
// The Configure form, generated from a step's catalog schema (lib/editor/form-model.ts):
// text, numbers, switches, choices, lists, JSON, one-of groups; references in template fields
// show as chips; Conditions targets are a choice of later steps. A field the step still needs
// before it can run (lib/steps/find-missing-fields.ts) says so under itself, and so does one whose
// value keeps the workflow from saving (a number out of range, a reference to a later step): the
// header names only the first, in the same words. "Add header" (any list's Add) moves focus to the
// new row's first field (its Name), where the user types next; removing the last row moves it to
// the row above's Remove (or, with none left, to Add), as the removed button took focus with it.
import { Plus, Trash2 } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useRef } from "react";
import { CodeField } from "@/components/editor/fields/code-field";
import { ConnectionSelect } from "@/components/editor/fields/connection-select";
import { TemplateHints } from "@/components/editor/fields/template-hints";
import { JsonField } from "@/components/editor/fields/json-field";
import { IconButton } from "@/components/ui/icon-button";
import { useFocusAfterLastRemoved } from "@/components/ui/use-focus-after-last-removed";
import { choiceLabelFor, emptyValue, helpFor, singularOf, type FieldSpec, type ObjectField } from "@/lib/editor/form-model";
import type { EditorStep } from "@/lib/editor/step-ops";
import { newId } from "@/lib/editor/step-ops";
import { useAccountIds } from "@/components/editor/use-account-ids";
import { checkStepFields } from "@/lib/editor/check-steps";
import { isIgnoredIn, isNeededIn } from "@/lib/steps/find-missing-fields";
import { ruleFieldWords } from "@/lib/editor/rule-field-words";

/** A message under a field: `incomplete` (amber) is saved in a Draft, the other (red) stops the
 *  save; `advisory` (slate) is neither, only worth knowing (a reference only some runs have data for). */
type FieldNote = { message: string; incomplete: boolean; advisory?: true };
/** `notes`: by dotted config path (SchemaForm fills it in). */
export type FormContext = { steps: EditorStep[]; index: number; workspaceId: string; notes?: ReadonlyMap<string, FieldNote> };
type Path = (string | number)[];
/** `v` is the new value at this field's level; `leaf` is the path of the field the user edited.
 *  `patch`: sets this field and its siblings at once (an account and the step's app). */
type FieldProps = { spec: FieldSpec; value: unknown; onChange: (v: unknown, leaf: Path) => void; path: Path; label: string; ctx: FormContext; patch?: (changes: Record<string, unknown>) => void };

const inputClass =
  "block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";

function TargetSelect({ value, onChange, ctx, label, id, nullable }: { value: unknown; onChange: (v: unknown) => void; ctx: FormContext; label: string; id: string; nullable: boolean }) {
  const later = ctx.steps.slice(ctx.index + 1);
  const end = nullable ? "" : "stop";
  return (
    <select id={id} aria-label={label} className={inputClass} value={value === null || value === undefined ? end : String(value)} onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}>
      {nullable && <option value="">End the run</option>}
      <option value="stop">Stop the run (status stopped)</option>
      {later.map((s, i) => (
        <option key={s.id} value={s.id}>
          Go to step {ctx.index + 2 + i}: {s.name}
        </option>
      ))}
    </select>
  );
}

function Field({ spec, value, onChange, path, label, ctx, hint, nullable, patch, helpText }: FieldProps & { hint?: ObjectField["hint"]; nullable?: boolean; helpText?: string }) {
  const id = useId();
  const set = (v: unknown) => onChange(v, path);
  if (hint === "hidden") return null;
  const note = ctx.notes?.get(path.join("."));
  // The message under the field is its description, and the field is marked invalid (screen readers).
  const missingId = `${id}-missing`;
  // A line under the label saying what to give, where the label alone cannot (a binary body's base64).
  const help = helpText ?? helpFor(ctx.steps[ctx.index]?.kind ?? "", path);
  const helpId = `${id}-help`;
  const described = [note ? missingId : "", help ? helpId : ""].filter(Boolean).join(" ");
  const aria = note?.advisory ? { "aria-describedby": described } : note ? ({ "aria-invalid": true, "aria-describedby": described } as const) : help ? { "aria-describedby": described } : {};
  const codeAria = note?.advisory ? { describedBy: described } : note ? ({ invalid: note.incomplete ? "missing" : true, describedBy: described } as const) : help ? { describedBy: described } : {};
  const noteKind = note?.advisory ? (["text-slate-600", "data-field-note"] as const) : note?.incomplete ? (["text-amber-800", "data-missing-field"] as const) : (["text-red-700", "data-invalid-field"] as const);
  const wrap = (control: React.ReactNode, block = true, text = label) => (
    <div className={block ? "space-y-1" : "flex items-center gap-2"}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {text}
      </label>
      {help && (
        <p id={helpId} className="text-xs text-slate-500">
          {help}
        </p>
      )}
      {control}
      {note && (
        <p id={missingId} className={`text-xs wrap-anywhere ${noteKind[0]}`} {...{ [noteKind[1]]: path.join(".") }}>
          {note.message}
        </p>
      )}
    </div>
  );
  switch (spec.type) {
    case "text": {
      if (hint === "target") return wrap(<TargetSelect id={id} label={label} value={value} onChange={set} ctx={ctx} nullable={!!(nullable || spec.nullable)} />);
      if (hint === "connection")
        return wrap(
          <ConnectionSelect id={id} label={label} value={value} onChange={set} onPatch={patch ?? ((c) => set(c[path[path.length - 1]]))} workspaceId={ctx.workspaceId} step={ctx.steps[ctx.index]} className={inputClass} aria={aria} />,
        );
      const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
      if (hint === "javascript") return wrap(<CodeField id={id} language="javascript" label={label} value={text} onChange={set} multiline {...codeAria} />);
      if (hint === "template" || hint === "multiline")
        return wrap(
          <>
            <CodeField id={id} language="template" label={label} value={text} onChange={set} multiline={hint === "multiline"} placeholder="Type, or pick a field in Workflow data" {...codeAria} />
            <TemplateHints text={text} workspaceId={ctx.workspaceId} />
          </>,
        );
      return wrap(<input id={id} {...aria} className={inputClass} value={text} onChange={(e) => set(spec.nullable && e.target.value === "" ? null : e.target.value)} />);
    }
    case "number":
      return wrap(
        // Cleared: null where the step needs the number (saved so in a Draft), else absent (its default).
        <input id={id} type="number" {...aria} className={inputClass} min={spec.min} max={spec.max} value={typeof value === "number" ? value : ""} onChange={(e) => set(e.target.value === "" ? (spec.nullable ? null : undefined) : Number(e.target.value))} />,
      );
    case "boolean": {
      return (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" checked={value === true} onChange={(e) => set(e.target.checked)} aria-describedby={help ? helpId : undefined} />
            {label}
          </label>
          {help && (
            <p id={`${id}-help`} className="pl-6 text-xs text-slate-500">
              {help}
            </p>
          )}
        </div>
      );
    }
    case "enum":
      return wrap(
        <select id={id} {...aria} className={inputClass} value={String(value ?? spec.options[0])} onChange={(e) => set(e.target.value)}>
          {spec.options.map((o) => (
            <option key={o} value={o}>
              {OPTION_WORDS[o] ?? o.replace(/_/g, " ")}
            </option>
          ))}
        </select>,
      );
    case "json":
      // A free-form value that the catalog marks as a template (a rule's "compare with") is text.
      if (hint === "template") {
        const text = typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
        return wrap(<CodeField id={id} language="template" label={label} value={text} onChange={set} placeholder="Type, or pick a field in Workflow data" {...codeAria} />);
      }
      return wrap(<JsonField id={id} label={label} value={value} onChange={set} stepId={ctx.steps[ctx.index]?.id} />);
    case "object":
      return <ObjectFields spec={spec} value={value} onChange={onChange} path={path} ctx={ctx} legend={path.length ? label : undefined} />;
    case "array":
      return <ArrayField spec={spec} value={value} onChange={onChange} path={path} label={label} ctx={ctx} />;
    case "union": {
      const obj = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
      const current = spec.options.find((o) => o.value === obj[spec.discriminator]) ?? spec.options[0];
      const rest = { ...current.spec, fields: current.spec.fields.filter((f) => f.key !== spec.discriminator) };
      // A step's whole config may be the choice (a Wait's mode): it has no label of its own then,
      // so the select is named after the key it sets ("Mode").
      const choiceLabel = label || current.spec.fields.find((f) => f.key === spec.discriminator)?.label || spec.discriminator;
      return (
        <fieldset className="space-y-3">
          {wrap(
            <select id={id} className={inputClass} value={current.value} onChange={(e) => set(emptyValue(spec.options.find((o) => o.value === e.target.value)!.spec))}>
              {spec.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {choiceLabelFor(ctx.steps[ctx.index]?.kind ?? "", path, o.value)}
                </option>
              ))}
            </select>,
            true,
            choiceLabel,
          )}
          <ObjectFields spec={rest} value={obj} onChange={onChange} path={path} ctx={ctx} />
        </fieldset>
      );
    }
  }
}

function ObjectFields({ spec, value, onChange, path, ctx, legend }: { spec: Extract<FieldSpec, { type: "object" }>; value: unknown; onChange: FieldProps["onChange"]; path: Path; ctx: FormContext; legend?: string }) {
  const obj = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  // A field the step needs only in some cases (a rule's "Compare with", but for exists and is
  // empty) is not called optional while it is needed.
  const kind = ctx.steps[ctx.index]?.kind;
  const needed = (key: string) => kind !== undefined && isNeededIn(kind, [...path, key], obj);
  // A field that does nothing here (a rule's "Compare with" for exists and is empty) is hidden;
  // its value stays in the config, so switching the operator back loses nothing.
  const shown = spec.fields.filter((f) => kind === undefined || !isIgnoredIn(kind, [...path, f.key], obj));
  // A rule's operator may rename its fields ("was already seen": Remember for (days)).
  const words = (key: string) => ruleFieldWords(kind, path, key, obj);
  const body = shown.map((f) => (
    <Field
      // A new label is a new field: a text editor takes its accessible name when it is made.
      key={`${f.key}:${words(f.key)?.label ?? ""}`}
      spec={f.spec}
      hint={f.hint}
      helpText={words(f.key)?.help}
      label={(words(f.key)?.label ?? f.label) + (f.required || needed(f.key) ? "" : " (optional)")}
      value={obj[f.key] ?? f.defaultValue}
      path={[...path, f.key]}
      ctx={ctx}
      onChange={(v, leaf) => onChange({ ...obj, [f.key]: v }, leaf)}
      patch={(changes) => onChange({ ...obj, ...changes }, [...path, f.key])}
    />
  ));
  if (!legend) return <div className="space-y-3">{body}</div>;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-xs font-semibold text-slate-700">{legend}</legend>
      {body}
    </fieldset>
  );
}

function ArrayField({ spec, value, onChange, path, label, ctx }: Omit<FieldProps, "spec"> & { spec: Extract<FieldSpec, { type: "array" }> }) {
  const items = Array.isArray(value) ? value : [];
  const singular = singularOf(label.replace(/ \(optional\)$/, ""));
  const setItem = (i: number, v: unknown, leaf: Path) => onChange(items.map((x, j) => (j === i ? v : x)), leaf);
  // The row just added from this list's Add button, whose first field takes focus once shown.
  const added = useRef<number | null>(null);
  const rows = useRef<(HTMLDivElement | null)[]>([]);
  // Removing the last row (its Remove goes with it) hands focus to the row above's Remove, or Add.
  const { removeButton, addButton, removing } = useFocusAfterLastRemoved(items.length);
  useEffect(() => {
    const i = added.current;
    if (i === null || i >= items.length) return;
    added.current = null;
    rows.current[i]?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, [contenteditable=true]")?.focus();
  }, [items.length]);
  const fresh = () => {
    const v = emptyValue(spec.item);
    // A new Conditions branch: its own stable id (its canvas handle), one rule, and it stops
    // the run until it is pointed at a step. Its rule starts empty, which leaves the step
    // unfinished (lib/steps/find-missing-fields.ts) until filled in: a Draft saves it, a Live
    // workflow does not, and no run takes the branch on an empty rule.
    if (v && typeof v === "object" && "id" in (v as object)) {
      return { ...(v as object), id: newId("br"), name: `Branch ${items.length + 1}`, rules: [{ left: "", op: "equals", right: "" }], target: "stop" };
    }
    return v;
  };
  return (
    <div className="space-y-2">
      <div className="text-xs font-medium text-slate-600">{label}</div>
      {items.map((item, i) => (
        <div key={i} className="relative rounded-lg border border-slate-200 bg-slate-50/60 p-3 pr-10">
          <IconButton
            ref={removeButton(i)}
            label={`Remove ${singular.toLowerCase()} ${i + 1}`}
            className="absolute right-1 top-1"
            disabled={spec.min !== undefined && items.length <= spec.min}
            onClick={() => {
              removing(i);
              onChange(items.filter((_, j) => j !== i), path);
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </IconButton>
          <div ref={(el) => void (rows.current[i] = el)}>
            <Field spec={spec.item} value={item} path={[...path, i]} label={`${singular} ${i + 1}`} ctx={ctx} onChange={(v, leaf) => setItem(i, v, leaf)} />
          </div>
        </div>
      ))}
      <button
        ref={addButton}
        type="button"
        onClick={() => {
          added.current = items.length;
          onChange([...items, fresh()], path);
        }} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        <Plus className="h-3.5 w-3.5" aria-hidden /> Add {singular.toLowerCase()}
      </button>
    </div>
  );
}

/** Options shown in words where the stored value is an abbreviation (a Conditions rule's
 *  operator read "gt", "gte", "lt", "lte" beside "equals" and "is empty"). */
const OPTION_WORDS: Record<string, string> = {
  gt: "greater than",
  gte: "greater than or equal to",
  lt: "less than",
  lte: "less than or equal to",
  seen_before: "was already seen",
};

export function SchemaForm({ spec, value, onChange, ctx }: { spec: FieldSpec; value: Record<string, unknown>; onChange: (v: Record<string, unknown>, path: Path) => void; ctx: FormContext }) {
  const { steps, index } = ctx;
  const accounts = useAccountIds(ctx.workspaceId);
  // A field's first note wins: what stops a save (the schema's problem, a reference to a later
  // step) comes before "is required". `value` is the step's config in `steps`.
  // Checked a render behind while typing (the notes are warnings, not the text): the check of the
  // references reads the whole workflow, and ran before each typed character showed.
  const id = steps[index]?.id;
  const checked = useDeferredValue(steps);
  const notes = useMemo(() => {
    const byField = new Map<string, FieldNote>();
    const at = checked.findIndex((s) => s.id === id);
    for (const p of checkStepFields(checked, at, accounts)) if (p.field !== undefined && !byField.has(p.field)) byField.set(p.field, p);
    return byField;
  }, [checked, id, accounts]);
  return <Field spec={spec} value={value} path={[]} label="" ctx={{ ...ctx, notes }} onChange={(v, p) => onChange(v as Record<string, unknown>, p)} />;
}
