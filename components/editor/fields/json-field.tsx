"use client";
// A JSON value edited as text: the text is kept while it does not parse (with the parse error
// shown), and the value is committed whenever it does.
import { useEffect, useRef, useState } from "react";
import { CodeField } from "@/components/editor/fields/code-field";

const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v, null, 2));

export function JsonField({ value, onChange, label, id }: { value: unknown; onChange: (v: unknown) => void; label: string; id?: string }) {
  const [text, setText] = useState(() => show(value));
  const [error, setError] = useState<string | null>(null);
  const committed = useRef(value);

  // A new value from outside (undo, server copy) replaces the text unless it is what we sent.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setText(show(value));
    setError(null);
  }, [value]);

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
