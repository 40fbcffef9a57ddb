"use client";
// The Scheduler's cron input with live feedback: each of the 5 fields labelled under the input
// (a wrong one marked red), the check's message naming the field, and when the cron is valid the
// next fire times in the schedule's time zone. The message is checkCron's, the one going Live
// answers with, and the times come from the walk the worker runs (next-fire-times.ts), so what the
// editor shows is what the server accepts and the worker fires. The times count from now, which
// moves: they are recomputed at each minute (a timer aligned to it) and when the workflow's mode
// changes, so after Go live the first one listed is the first the worker runs (Live counts from
// that moment) rather than a minute already gone.
import { useEffect, useMemo, useState } from "react";
import { useWorkflowQuery } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { checkCron } from "@/lib/triggers/check-cron";
import { CRON_FIELDS, checkCronField } from "@/lib/triggers/check-cron-field";
import { nextFireTimes } from "@/lib/triggers/next-fire-times";
import { noteEitherDay } from "@/lib/triggers/note-either-day";

const PREVIEW_COUNT = 3;

/**
 * `fallback`: the cron in force while the input is empty (a preset's), as the catalog reads it.
 * `timezone`: null when not a valid zone (no preview then; the zone's own field says why).
 */
export function CronField({ id, value, onChange, fallback, timezone, className }: { id: string; value: string; onChange: (v: string) => void; fallback?: string; timezone: string | null; className: string }) {
  const cron = value.trim() || fallback || "";
  const mode = useWorkflowQuery(useEditor().workflowId).data?.mode;
  const now = useMinute(mode);
  const feedback = useMemo(() => {
    const problem = checkCron(cron, timezone ?? undefined);
    const parts = cron.split(/\s+/);
    const fields = parts.length === 5 ? parts.map((text, i) => ({ text, name: CRON_FIELDS[i].name, wrong: checkCronField(text, i) !== null })) : [];
    if (problem) return { problem, fields, times: [], note: null };
    const note = noteEitherDay(cron);
    if (!timezone) return { problem, fields, times: [], note };
    const format = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    // Assembled from parts: browsers' ICU data put commas in different places for the same options.
    const text = (d: Date) => {
      const p = Object.fromEntries(format.formatToParts(d).map((x) => [x.type, x.value]));
      return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
    };
    const times = nextFireTimes({ cron, timezone, from: new Date(now), count: PREVIEW_COUNT }).map((d) => ({ iso: d.toISOString(), text: text(d) }));
    return { problem, fields, times, note };
  }, [cron, timezone, now]);
  const feedbackId = `${id}-feedback`;

  return (
    <>
      <input id={id} className={`${className} font-mono`} value={value} placeholder={fallback ?? "0 8 * * 1-5 or @daily"} aria-invalid={!!feedback.problem} aria-describedby={feedbackId} spellCheck={false} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
      <div id={feedbackId} aria-live="polite" className="space-y-1 text-xs">
        {feedback.fields.length > 0 && (
          <ol aria-label="Cron fields" className="flex flex-wrap gap-1">
            {feedback.fields.map((f) => (
              <li key={f.name} data-cron-field={f.name} data-wrong={f.wrong || undefined} className={`rounded border px-1.5 py-0.5 ${f.wrong ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200 bg-slate-50 text-slate-600"}`}>
                <span className="font-mono">{f.text}</span> <span className={f.wrong ? "" : "text-slate-400"}>{f.name}</span>
              </li>
            ))}
          </ol>
        )}
        {feedback.problem && (
          <p className="text-red-700" data-testid="cron-problem">
            {feedback.problem}
          </p>
        )}
        {feedback.note && (
          <p className="text-amber-800" data-testid="cron-note">
            {feedback.note}
          </p>
        )}
        {feedback.times.length > 0 && (
          <div data-testid="cron-preview" className="text-slate-600">
            <p>Next runs ({timezone}):</p>
            <ul className="list-inside list-disc">
              {feedback.times.map((t) => (
                <li key={t.iso}>
                  <time dateTime={t.iso}>{t.text}</time>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </>
  );
}

/** Date.now(), renewed just after each minute starts and whenever `mode` changes. */
function useMinute(mode: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now()); // eslint-disable-line react-hooks/set-state-in-effect -- a mode change restarts the count
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        arm();
      }, 60_000 - (Date.now() % 60_000) + 50);
    };
    arm();
    return () => clearTimeout(timer);
  }, [mode]);
  return now;
}
