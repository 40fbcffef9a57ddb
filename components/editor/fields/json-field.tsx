"use client";
// A JSON value edited as text: the text is kept while it does not parse (with the parse error
// shown, and the field listed as unparsed for its step), and the value is committed whenever it
// does. The text is the user's: their key order and formatting stay as typed.
import { useEffect, useId, useRef, useState } from "react";
import { CodeField } from "@/components/editor/fields/code-field";
import { setUnparsedJson } from "@/components/editor/unparsed-json";
import { sameJson } from "@/lib/editor/same-json";

const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 2));

type Props = { value: unknown; onChange: (v: unknown) => void; label: string; id?: string; stepId?: string };

export function JsonField({ value, onChange, label, id, stepId }: Props) {
  const [text, setText] = useState(() => show(value));
  const [error, setError] = useState<string | null>(null);
  const committed = useRef(value);
  const key = useId();

  // A value from outside (undo, someone else's version loaded) replaces the text. The server's
  // copy of what we sent is a new object with jsonb's key order, but the same JSON: replacing
  // the text then would re-format it and move the cursor while the user types.
  useEffect(() => {
    if (sameJson(value, committed.current)) return;
    committed.current = value;
    setText(show(value));
    setError(null);
  }, [value]);

  const name = label.replace(/ \(optional\)$/, "");
  useEffect(() => {
    if (stepId) setUnparsedJson(key, error ? { stepId, label: name } : null);
  }, [key, stepId, name, error]);
  useEffect(() => () => setUnparsedJson(key, null), [key]);

  return (
    <div>
      <CodeField
        id={id}
        language="json"
        label={label}
        value={text}
        invalid={!!error}
        onChange={(t) => {
          setText(t);
          if (t.trim() === "") {
            setError(null);
            committed.current = undefined;
            return onChange(undefined);
          }
          try {
            const v = JSON.parse(t) as unknown;
            setError(null);
            committed.current = v;
            onChange(v);
          } catch (e) {
            setError(e instanceof Error ? e.message : "not valid JSON");
          }
        }}
      />
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          Not valid JSON yet: {error}
        </p>
      )}
    </div>
  );
}
