// A blueprint as the gallery shows it: purpose, trigger, numbered steps and the apps it needs.
import { Badge } from "@/components/ui/badge";
import type { BlueprintView } from "@/lib/blueprints/blueprint-view";

export function BlueprintCard({ blueprint: b, children }: { blueprint: BlueprintView; children?: React.ReactNode }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`bp-${b.slug}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`bp-${b.slug}`} className="text-base font-semibold text-slate-900">
          <span className="mr-2 text-slate-500">{b.number}.</span>
          {b.title}
        </h2>
        <Badge tone={b.trigger.kind === "webhook" ? "blue" : "amber"}>{b.trigger.kind === "webhook" ? "Webhook" : "Scheduler"}</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-600">{b.purpose}</p>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-700">Trigger</dt>
          <dd className="text-slate-600">{b.trigger.summary}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Steps</dt>
          <dd>
            <ol className="mt-1 space-y-0.5 text-slate-600">
              {b.steps.map((s) => (
                <li key={s.number} className="flex gap-2">
                  <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{s.number}</span>
                  <span>
                    {s.name} <span className="text-xs text-slate-500">· {s.kindLabel}</span>
                  </span>
                </li>
              ))}
            </ol>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Apps needed</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {b.apps.map((a) => (
              <Badge key={a.key}>{a.label}</Badge>
            ))}
          </dd>
        </div>
      </dl>
      {children && <div className="mt-auto pt-5">{children}</div>}
    </article>
  );
}
