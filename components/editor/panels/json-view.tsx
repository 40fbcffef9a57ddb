// Read-only JSON for outputs, triggers and errors, in a box of bounded height that scrolls: long
// lines wrap (a long string, an unbroken JSON body in a value) instead of running out of the panel.
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 wrap-anywhere">
      {value === undefined ? "—" : JSON.stringify(value, null, 2)}
    </pre>
  );
}
