"use client";
// The Scheduler trigger's Configure tab: a preset or a cron expression (checked and previewed
// live, fields/cron-field.tsx) and the time zone it runs in. The catalog's config schema carries
// a transform (a preset fills in the cron), which the generic form cannot describe: without this
// panel the Scheduler showed a bare JSON editor with no feedback.
// In Draft it says first that the schedule does not fire, with Go live (as the Webhook panel
// does): the next-runs preview alone read as if the workflow would run then. Going Live from
// here moves focus to the line saying it is Live (the button goes).
import { useEffect, useId, useRef } from "react";
import { useEditor } from "@/components/editor/editor-context";
import { CronField } from "@/components/editor/fields/cron-field";
import { DraftGoLive } from "@/components/editor/configure/draft-go-live";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { inputClass } from "@/components/resources/api-fetch";
import type { EditorStep } from "@/lib/editor/step-ops";
import { SCHEDULE_PRESETS, isTimeZone } from "@/lib/steps/catalog";

const ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

export function SchedulerPanel({ step }: { step: EditorStep }) {
  const { doc, update, readOnly } = useEditor();
  const { setMode } = useWorkflowActions();
  const live = doc.server?.mode === "live";
  const id = useId();
  const liveNote = useRef<HTMLParagraphElement>(null);
  // Set by this panel's Go live: once Live, focus goes to the line saying so (the button is gone).
  const focusLive = useRef(false);
  useEffect(() => {
    if (focusLive.current && live) {
      focusLive.current = false;
      liveNote.current?.focus();
    }
  }, [live]);
  const { preset: presetId, cron: rawCron, timezone: rawZone, ...rest } = step.config;
  const cron = typeof rawCron === "string" ? rawCron : "";
  const timezone = typeof rawZone === "string" ? rawZone : "UTC";
  const preset = SCHEDULE_PRESETS.find((p) => p.id === presetId);
  // As the catalog reads it: a cron typed in wins over a preset.
  const effective = cron.trim() || preset?.cron || "";
  const shown = SCHEDULE_PRESETS.find((p) => p.cron === effective)?.id ?? "";
  // As the catalog reads it (trimmed): " Europe/London " is saved as Europe/London.
  const zone = timezone.trim();
  const zoneOk = isTimeZone(zone);
  const base = { ...rest, timezone };

  return (
    <div className="space-y-4">
      {live ? (
        <p ref={liveNote} tabIndex={-1} className="text-sm text-slate-600 focus:outline-none">
          This workflow is Live: it runs on this schedule.
        </p>
      ) : (
        <DraftGoLive readOnly={readOnly} setMode={setMode} focusAfterRef={focusLive}>
          <p>This workflow is in Draft, so its schedule does not fire: the next runs below start only once it is Live. Switch it to Live to start it. Run now on Test &amp; Debug works in Draft.</p>
        </DraftGoLive>
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-preset`} className="block text-xs font-medium text-slate-600">
          Schedule
        </label>
        <select
          id={`${id}-preset`}
          className={inputClass}
          value={shown}
          onChange={(e) => {
            const p = SCHEDULE_PRESETS.find((x) => x.id === e.target.value);
            if (p) update(step.id, { config: { ...base, preset: p.id, cron: p.cron } }, "preset");
          }}
        >
          <option value="">Custom cron expression</option>
          {SCHEDULE_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-cron`} className="block text-xs font-medium text-slate-600">
          Cron expression
        </label>
        {/* Typing a cron leaves the preset behind, so the two can never disagree. */}
        <CronField id={`${id}-cron`} value={cron} fallback={preset?.cron} timezone={zoneOk ? zone : null} className={inputClass} onChange={(v) => update(step.id, { config: { ...base, cron: v } }, "cron")} />
        <p className="text-xs text-slate-500">minute hour day-of-month month day-of-week, or @hourly, @daily, @weekly, @monthly, @yearly. Fires at most once a minute.</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-tz`} className="block text-xs font-medium text-slate-600">
          Time zone
        </label>
        <input id={`${id}-tz`} list={`${id}-zones`} className={inputClass} value={timezone} aria-invalid={!zoneOk} spellCheck={false} autoComplete="off" onChange={(e) => update(step.id, { config: { ...step.config, timezone: e.target.value } }, "timezone")} />
        <datalist id={`${id}-zones`}>
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {!zoneOk && <p className="text-xs text-red-700">“{timezone}” is not a time zone: use an IANA name such as UTC or Europe/Berlin.</p>}
      </div>
    </div>
  );
}
