"use client";
// Renders one field of a blueprint's setup form from its JSON Schema (generated from the zod
// setup schema): text, number, yes/no, choice, lists, nested groups, repeated groups and
// name → value tables. Errors arrive keyed by dotted path ("setup.departments.0.name"), already
// in words with the field's label (setup-errors.ts); a field with one is marked aria-invalid and
// described by it, so a screen reader reads the message with the field, and `data-invalid`
// marks the element the form moves focus to (a group's own problem focuses its first input).
// Removing a table's or a repeated group's last row hands focus to the row above's Remove, or to
// Add when none is left, instead of letting it fall to the page with the removed button.
import { useState } from "react";
import { Plus, X } from "lucide-react";
import { useFocusAfterLastRemoved } from "@/components/ui/use-focus-after-last-removed";
import { fieldId } from "./setup-errors";
import { rowsOf, type Row } from "./table-rows";

export type JsonSchema = {
  type?: string;
  title?: string;
  description?: string;
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
};

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500";
const smallButton = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50";

/** Default values of a schema, as the setup form starts with them. */
export function defaultsOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.type === "object" && schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties).flatMap(([k, s]) => (defaultsOf(s) === undefined ? [] : [[k, defaultsOf(s)]])));
  }
  return undefined;
}

type FieldProps = {
  name: string;
  schema: JsonSchema;
  value: unknown;
  onChange: (v: unknown) => void;
  path: string;
  errors: Record<string, string>;
  required?: boolean;
  placeholder?: unknown;
};

function Label({ id, schema, name, required }: { id: string; schema: JsonSchema; name: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-slate-700">
      {schema.title ?? name}
      {required && <span className="text-red-600"> *</span>}
    </label>
  );
}

/** The attributes tying a field (or group) to its message and its description. */
function described(id: string, schema: JsonSchema, error: string | undefined) {
  const ids = [error ? `${id}-error` : "", schema.description ? `${id}-help` : ""].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined, "data-invalid": error ? "" : undefined };
}

/** A group (fieldset) is described by its message, but aria-invalid belongs to its inputs. */
const group = (a: ReturnType<typeof described>) => ({ "aria-describedby": a["aria-describedby"], "data-invalid": a["data-invalid"] });

// The message is not an alert of its own: the form's summary announces every problem at once.
function Help({ id, schema, error }: { id: string; schema: JsonSchema; error?: string }) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {schema.description && (
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-500">
          {schema.description}
        </p>
      )}
    </>
  );
}

/** A list of short texts, typed comma-separated; the text is kept while typing. */
function ListInput({ id, value, onChange, placeholder, ...aria }: { id: string; value: string[]; onChange: (v: string[]) => void; placeholder?: string } & ReturnType<typeof described>) {
  const [text, setText] = useState(value.join(", "));
  return (
    <input
      id={id}
      {...aria}
      className={inputClass}
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.split(/[,\n]/).map((s) => s.trim()).filter(Boolean));
      }}
    />
  );
}

export function SchemaField({ name, schema, value, onChange, path, errors, required, placeholder }: FieldProps) {
  const id = fieldId(path);
  const error = errors[path];
  const aria = described(id, schema, error);
  const example = (v: unknown) => (v === undefined || v === null ? undefined : Array.isArray(v) ? v.join(", ") : typeof v === "object" ? undefined : String(v));

  if (schema.enum) {
    return (
      <div>
        <Label id={id} schema={schema} name={name} required={required} />
        <select id={id} {...aria} className={inputClass} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)}>
          {value === undefined && <option value="">Choose…</option>}
          {schema.enum.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <Help id={id} schema={schema} error={error} />
      </div>
    );
  }
  if (schema.type === "boolean") {
    return (
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input id={id} {...aria} type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {schema.title ?? name}
        </label>
        <Help id={id} schema={schema} error={error} />
      </div>
    );
  }
  if (schema.type === "number" || schema.type === "integer") {
    return (
      <div>
        <Label id={id} schema={schema} name={name} required={required} />
        <input
          id={id}
          {...aria}
          type="number"
          className={inputClass}
          value={typeof value === "number" ? value : ""}
          min={schema.minimum}
          max={schema.maximum}
          step={schema.type === "integer" ? 1 : "any"}
          placeholder={example(placeholder)}
          onChange={(e) => onChange(e.target.value === "" ? undefined : Number(e.target.value))}
        />
        <Help id={id} schema={schema} error={error} />
      </div>
    );
  }
  if (schema.type === "array" && schema.items?.type === "object") {
    return <ObjectListField {...{ name, schema, value, onChange, path, errors }} />;
  }
  if (schema.type === "array") {
    return (
      <div>
        <Label id={id} schema={schema} name={name} required={required} />
        <ListInput id={id} {...aria} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} placeholder={example(placeholder) ?? "comma-separated"} />
        <Help id={id} schema={schema} error={error} />
      </div>
    );
  }
  if (schema.type === "object" && schema.properties) {
    return (
      <fieldset id={id} {...group(aria)} className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">{schema.title ?? name}</legend>
        <Help id={id} schema={schema} error={error} />
        <div className="mt-2 space-y-3">
          <ObjectFields schema={schema} value={(value ?? {}) as Record<string, unknown>} onChange={onChange} path={path} errors={errors} placeholder={placeholder} />
        </div>
      </fieldset>
    );
  }
  if (schema.type === "object" && typeof schema.additionalProperties === "object") {
    return <RecordField {...{ name, schema, value, onChange, path, errors }} />;
  }
  return (
    <div>
      <Label id={id} schema={schema} name={name} required={required} />
      <input id={id} {...aria} className={inputClass} value={String(value ?? "")} placeholder={example(placeholder)} onChange={(e) => onChange(e.target.value)} />
      <Help id={id} schema={schema} error={error} />
    </div>
  );
}

/** Repeated groups (e.g. departments), one fieldset with a Remove per group and an Add. */
function ObjectListField({ name, schema, value, onChange, path, errors }: FieldProps) {
  const id = fieldId(path);
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const { removeButton, addButton, removing } = useFocusAfterLastRemoved(items.length);
  return (
    <fieldset id={id} {...group(described(id, schema, errors[path]))} className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{schema.title ?? name}</legend>
      <Help id={id} schema={schema} error={errors[path]} />
      {items.map((item, i) => (
        <div key={i} className="relative mt-3 space-y-3 rounded-md bg-slate-50 p-3 pr-10">
          <button
            ref={removeButton(i)}
            type="button"
            className="absolute right-2 top-2 rounded p-1 text-slate-500 hover:bg-slate-200"
            aria-label={`Remove ${schema.title ?? name} ${i + 1}`}
            onClick={() => {
              removing(i);
              onChange(items.filter((_, j) => j !== i));
            }}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
          <ObjectFields schema={schema.items!} value={item} onChange={(v) => onChange(items.map((x, j) => (j === i ? v : x)))} path={`${path}.${i}`} errors={errors} />
        </div>
      ))}
      <button ref={addButton} type="button" className={`${smallButton} mt-2`} onClick={() => onChange([...items, defaultsOf(schema.items!) ?? {}])}>
        <Plus className="h-3.5 w-3.5" aria-hidden /> Add {(schema.title ?? name).toLowerCase()}
      </button>
    </fieldset>
  );
}

/** name → value rows (e.g. replacement cost per device class), kept as the form's ordered list
 *  of rows (table-rows.ts): a row's name may be empty or repeat another's while it is typed. */
function RecordField({ name, schema, value, onChange, path, errors }: FieldProps) {
  const id = fieldId(path);
  const title = schema.title ?? name;
  const rows = rowsOf(value);
  const numeric = typeof schema.additionalProperties === "object" && schema.additionalProperties.type === "number";
  const edit = (i: number, change: Partial<Row>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const { removeButton, addButton, removing } = useFocusAfterLastRemoved(rows.length);
  return (
    <fieldset id={id} {...group(described(id, schema, errors[path]))} className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{title}</legend>
      <Help id={id} schema={schema} error={errors[path]} />
      <div className="mt-2 space-y-2">
        {rows.map((r, i) => {
          const nameId = fieldId(`${path}.${i}.name`);
          const nameError = errors[`${path}.${i}.name`];
          const cellId = fieldId(`${path}.${i}.value`);
          const cellError = errors[`${path}.${i}.value`];
          return (
            <div key={i}>
              <div className="flex items-center gap-2">
                <input id={nameId} {...described(nameId, {}, nameError)} aria-label={`${title}: name ${i + 1}`} className={inputClass} value={r.name} onChange={(e) => edit(i, { name: e.target.value })} />
                <input
                  id={cellId}
                  {...described(cellId, {}, cellError)}
                  aria-label={`${title}: ${r.name.trim() || `value ${i + 1}`}`}
                  type={numeric ? "number" : "text"}
                  className={inputClass}
                  value={r.value === undefined || r.value === null ? "" : String(r.value)}
                  onChange={(e) => edit(i, { value: numeric ? (e.target.value === "" ? undefined : Number(e.target.value)) : e.target.value })}
                />
                <button
                  ref={removeButton(i)}
                  type="button"
                  className="mt-1 rounded p-1 text-slate-500 hover:bg-slate-100"
                  aria-label={`Remove ${r.name.trim() || `row ${i + 1}`}`}
                  onClick={() => {
                    removing(i);
                    onChange(rows.filter((_, j) => j !== i));
                  }}
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
              {nameError && (
                <p id={`${nameId}-error`} className="mt-1 text-xs font-medium text-red-700">
                  {nameError}
                </p>
              )}
              {cellError && (
                <p id={`${cellId}-error`} className="mt-1 text-xs font-medium text-red-700">
                  {cellError}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {/* A new row starts without a value: left empty, it is left out of what is sent. */}
      <button ref={addButton} type="button" className={`${smallButton} mt-2`} onClick={() => onChange([...rows, { name: "", value: undefined }])}>
        <Plus className="h-3.5 w-3.5" aria-hidden /> Add row
      </button>
    </fieldset>
  );
}

export function ObjectFields(props: { schema: JsonSchema; value: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void; path: string; errors: Record<string, string>; placeholder?: unknown }) {
  const { schema, value, onChange, path, errors, placeholder } = props;
  const example = (placeholder ?? {}) as Record<string, unknown>;
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, s]) => (
        <SchemaField
          key={key}
          name={key}
          schema={s}
          value={value[key]}
          required={schema.required?.includes(key)}
          placeholder={example[key]}
          onChange={(v) => {
            const next = { ...value };
            if (v === undefined) delete next[key];
            else next[key] = v;
            onChange(next);
          }}
          path={`${path}.${key}`}
          errors={errors}
        />
      ))}
    </>
  );
}
