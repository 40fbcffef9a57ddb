// Title block shared by the workspace resource pages.
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="flex items-end justify-between gap-4">
      {/* A workflow's or workspace's name without spaces breaks anywhere: as one line it made the
          page wider than the window (the Push page's title). */}
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500 wrap-anywhere">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
