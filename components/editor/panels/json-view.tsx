// Read-only JSON for outputs, triggers and errors; long values scroll inside a bounded box.
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre aria-label={label} className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100">
      {value === undefined ? "—" : JSON.stringify(value, null, 2)}
    </pre>
  );
}
