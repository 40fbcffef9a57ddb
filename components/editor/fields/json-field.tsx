"use client";
// A JSON value edited as text: the text is kept while it does not parse (with the parse error
// shown, and the field listed as unparsed for its step), and the value is committed whenever it
// does. The text is the user's: their key order and formatting stay as typed. Text that does not
// parse outlives the field (switching tab or step unmounts it): it is kept per step and field and
// comes back when the field does, unless the value changed meanwhile (undo). The parse error is
// the field's description (aria-invalid), not an alert: it changes with each keystroke, and an
// alert interrupted the typing every time. It names line and column and, for the usual slips
// (a trailing comma, single quotes …), says what is wrong (describe-json-error.ts): the
// browser's own words named a position at best, and never said "trailing comma".
import { useEffect, useId, useRef, useState } from "react";
import { CodeField } from "@/components/editor/fields/code-field";
import { setUnparsedJson } from "@/components/editor/unparsed-json";
import { sameJson } from "@/lib/editor/same-json";
import { describeJsonError } from "@/lib/json/describe-json-error";
import { parseExactJson } from "@/lib/json/parse-exact-json";
import { unquotedReferenceHint } from "@/lib/steps/json-reference-hint";

const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 2));

// Outside Testing data a number is a double: 1e400 would be Infinity, which JSON saves as null.
// Refused as it is typed, like text that does not parse (the server refuses it too).
const BEYOND_RANGE = "A number beyond ±1.8e308 (such as 1e400) cannot be kept here: write it as text, in quotes.";
const holdsInfinity = (v: unknown): boolean =>
  typeof v === "number" ? !Number.isFinite(v) : v !== null && typeof v === "object" && Object.values(v).some(holdsInfinity);

type Draft = { text: string; error: string; basedOn: unknown };
const drafts = new Map<string, Draft>();

type Props = {
  value: unknown;
  onChange: (v: unknown) => void;
  label: string;
  id?: string;
  stepId?: string;
  /** Keep an integer beyond double precision, or a number beyond the double range, as typed
   *  (Testing data: a 64-bit id or 1e400 is tested and saved exactly, as a delivery keeps it).
   *  JSON.rawJSON, which JSON.stringify writes verbatim. */
  exactIntegers?: boolean;
};

export function JsonField({ value, onChange, label, id, stepId, exactIntegers }: Props) {
  const name = label.replace(/ \(optional\)$/, "");
  const ownId = useId();
  const key = stepId ? `${stepId}:${name}` : ownId;
  const [draft] = useState(() => {
    const d = drafts.get(key);
    return d && sameJson(d.basedOn, value) ? d : undefined;
  });
  const [text, setText] = useState(() => draft?.text ?? show(value));
  const [error, setError] = useState<string | null>(draft?.error ?? null);
  const committed = useRef(value);
  const errorId = `${ownId}-error`;

  // A value from outside (undo, someone else's version loaded) replaces the text. The server's
  // copy of what we sent is a new object with jsonb's key order, but the same JSON: replacing
  // the text then would re-format it and move the cursor while the user types.
  useEffect(() => {
    if (sameJson(value, committed.current)) return;
    committed.current = value;
    drafts.delete(key);
    setText(show(value));
    setError(null);
  }, [value, key]);

  useEffect(() => {
    if (stepId) setUnparsedJson(key, error ? { stepId, label: name } : null);
  }, [key, stepId, name, error]);
  // Unmounted with text that does not parse: the entry stays, so the header still says so.
  useEffect(() => () => void (drafts.has(key) || setUnparsedJson(key, null)), [key]);

  return (
    <div>
      <CodeField
        id={id}
        language="json"
        label={label}
        value={text}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
        onChange={(t) => {
          setText(t);
          drafts.delete(key);
          if (t.trim() === "") {
            setError(null);
            committed.current = undefined;
            return onChange(undefined);
          }
          try {
            const v = exactIntegers ? parseExactJson(t) : (JSON.parse(t) as unknown);
            if (!exactIntegers && holdsInfinity(v)) throw new Error(BEYOND_RANGE);
            setError(null);
            committed.current = v;
            onChange(v);
          } catch (e) {
            // A bare {{ … }} is the usual cause in a body: say how to write it.
            const hint = unquotedReferenceHint(t);
            const problem = e instanceof Error && e.message === BEYOND_RANGE ? BEYOND_RANGE : (describeJsonError(t) ?? (e instanceof Error ? e.message : "not valid JSON"));
            const message = `${problem}${hint ? `; ${hint}` : ""}`;
            setError(message);
            if (stepId) drafts.set(key, { text: t, error: message, basedOn: committed.current });
          }
        }}
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700 wrap-anywhere">
          {error === BEYOND_RANGE ? error : `Not valid JSON yet: ${error}`}
        </p>
      )}
    </div>
  );
}
