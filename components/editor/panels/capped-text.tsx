"use client";
// A read-only text box of bounded height that scrolls (long lines wrap instead of running out of
// the panel), for outputs, payloads and logs. A long text shows its first lines only
// (lib/json/json-preview.ts), "… N more lines", with "Show all (4.1 MB)" to lay the rest out on
// request and Copy / Download for the whole of it: a 4 MB output laid out in full blocked the page
// for 3 s on every opening of the tab, and a Code step's 5 MB of console.log as long.
// Show all puts the whole text in pieces that the browser lays out only once scrolled near
// (content-visibility: auto): laid out in one, 5 MB held the page for seconds after the click.
import { useMemo, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { formatBytes } from "@/lib/format-bytes";
import { previewJson, textPieces } from "@/lib/json/json-preview";

const actionClass = "rounded border border-slate-300 bg-white px-2 py-0.5 font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500";

const tones = {
  dark: { box: "max-h-72 rounded-md bg-slate-900 p-3 leading-relaxed text-slate-100", lineEm: 1.625 },
  light: { box: "mt-1 max-h-40 rounded bg-slate-50 p-2 text-slate-700", lineEm: 4 / 3 },
};

export type CappedTextProps = {
  text: string;
  /** The box's accessible name ("Output", "Log"). */
  label: string;
  /** The id of what describes the box (a binary body's note), for its aria-describedby. */
  describedBy?: string;
  /** Download's file name and type. */
  fileName: string;
  type: string;
  /** The test id of the row under a cut text (Show all, Copy, Download). */
  cutTestId: string;
  tone?: keyof typeof tones;
  /** How a part of the text is shown (a Log's instants in local time); Copy and Download give the text itself. */
  render?: (text: string) => ReactNode;
};

const asText = (text: string) => text;

export function CappedText({ text, label, describedBy, fileName, type, cutTestId, tone = "dark", render = asText }: CappedTextProps) {
  const preview = useMemo(() => previewJson(text), [text]);
  const [all, setAll] = useState(false);
  const whole = useMemo(() => (all ? textPieces(text) : null), [all, text]);
  const [copied, setCopied] = useState<"" | "Copied" | "Could not copy: use Download">("");
  const cut = preview.moreLines > 0;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied("Copied"),
      () => setCopied("Could not copy: use Download"),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
    // After the click has handed the file over; revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div>
      <pre aria-label={label} aria-describedby={describedBy} className={cn("overflow-auto font-mono text-xs whitespace-pre-wrap wrap-anywhere", tones[tone].box)}>
        {!cut
          ? render(text)
          : !whole
            ? render(preview.head)
            : whole.map((p, i) => (
                // Its height before it is laid out: its lines at the box's line height (wrapped ones add more).
                <span key={i} className="block [content-visibility:auto]" style={{ containIntrinsicSize: `auto ${(p.lines * tones[tone].lineEm).toFixed(1)}em` }}>
                  {render(p.text)}
                </span>
              ))}
      </pre>
      {cut && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500" data-testid={cutTestId}>
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
