"use client";
// A step's output as JSON (json-view.tsx), under a line saying what a binary body is (an HTTP
// Request's PDF or image, kept as base64: lib/editor/binary-body-note.ts) — the box shows only
// the start of a long text, and base64 does not say what it holds. The line is the box's
// description, so a screen reader on the box hears what the base64 is.
import { useId } from "react";
import { JsonView } from "@/components/editor/panels/json-view";
import { binaryBodyNote } from "@/lib/editor/binary-body-note";

export function StepOutputView({ value, label }: { value: unknown; label: string }) {
  const note = binaryBodyNote(value);
  const noteId = useId();
  return (
    <div>
      {note && (
        <p id={noteId} className="mb-1 text-xs text-slate-500" data-testid="binary-body-note">
          {note}
        </p>
      )}
      <JsonView label={label} value={value} describedBy={note ? noteId : undefined} />
    </div>
  );
}
