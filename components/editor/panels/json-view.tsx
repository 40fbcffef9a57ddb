"use client";
// Read-only JSON for outputs, triggers and errors, in a box of bounded height that scrolls: long
// lines wrap (a long string, an unbroken JSON body in a value) instead of running out of the panel.
// A big value shows its first lines only (lib/json/json-preview.ts), with "Show all (4.1 MB)" to
// lay the rest out on request, and Copy / Download for the whole of it: a 4 MB output laid out in
// full blocked the page for 3 s on every opening of the tab.
import { useMemo, useState } from "react";
import { formatBytes } from "@/lib/format-bytes";
import { previewJson } from "@/lib/json/json-preview";

// A run's output is the same object while the run is cached (a finished run is never fetched
// again): its text is made once, not again each time the tab is opened (100 ms for 5 MB).
const texts = new WeakMap<object, string>();

function textOf(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null || typeof value !== "object") return JSON.stringify(value, null, 2) ?? "—";
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value, null, 2) ?? "—"));
  return text;
}

const actionClass = "rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text = useMemo(() => textOf(value), [value]);
  const preview = useMemo(() => previewJson(text), [text]);
  const [all, setAll] = useState(false);
  const [copied, setCopied] = useState<"" | "Copied" | "Could not copy: use Download">("");
  const cut = preview.moreLines > 0;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("Copied"),
      () => setCopied("Could not copy: use Download"),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.json`;
    a.click();
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div>
      <pre aria-label={label} className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 wrap-anywhere">
        {cut && !all ? preview.head : text}
      </pre>
      {cut && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500" data-testid="json-view-cut">
          {!all && <span>… {preview.moreLines.toLocaleString("en-US")} more {preview.moreLines === 1 ? "line" : "lines"}</span>}
          {!all && (
            <button type="button" className={actionClass} onClick={() => setAll(true)}>
              Show all ({formatBytes(preview.bytes)})
            </button>
          )}
          <button type="button" className={actionClass} onClick={copy}>
            Copy
          </button>
          <button type="button" className={actionClass} onClick={download}>
            Download
          </button>
          <span role="status">{copied}</span>
        </div>
      )}
    </div>
  );
}
