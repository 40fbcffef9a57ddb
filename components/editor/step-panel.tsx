"use client";
// The selected step: its name, move/delete, and the tabs Configure / Test & Debug / Executions.
// A one-of field (HTTP Body: json / raw / …) keeps what each choice held while the panel is open.
// A move says the step's new number (a polite live region); when the button pressed can take the
// step no further (disabled, which would drop focus to the page), focus goes to the other one.
// The step's problems are listed, each a link to its field, but not as an alert: they change as
// the user types, and an alert interrupted on every keystroke and on each "Add header".
// In a short window (`short:`, globals.css; 200% zoom on a laptop) the whole panel is one scroll
// container: the header, description and problems scroll away with the tab's content, which
// otherwise had the few pixels left under them (32 px at 640×400). Taller, only the content scrolls.
import { useEffect, useMemo, useRef } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { SchemaForm } from "@/components/editor/configure/schema-form";
import { SchedulerPanel } from "@/components/editor/configure/scheduler-panel";
import { WebhookPanel } from "@/components/editor/configure/webhook-panel";
import { SeenIdsSection } from "@/components/editor/configure/seen-ids-section";
import { ExecutionsTab } from "@/components/editor/panels/executions-tab";
import { TestDebugTab } from "@/components/editor/panels/test-debug-tab";
import { DeleteStepDialog } from "@/components/editor/delete-step-dialog";
import { useStepMove } from "@/components/editor/use-step-move";
import { STEP_ICONS } from "@/components/editor/step-icons";
import { IconButton } from "@/components/ui/icon-button";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { describeSchema } from "@/lib/editor/form-model";
import { unreachableSteps, UNREACHABLE_MESSAGE } from "@/lib/editor/branch-paths";
import { canMove } from "@/lib/editor/step-ops";
import { keepSwitchedChoice, type ChoiceMemory } from "@/lib/editor/union-choices";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { NAME_MAX_LENGTH } from "@/lib/workflows/definition";

export function StepPanel() {
  const { steps, settledSteps, selectedId, update, doc, focus, workspaceId, workflowId, readOnly } = useEditor();
  const index = steps.findIndex((s) => s.id === selectedId);
  const step = steps[index];
  const { tryMove, refusal, confirm } = useStepMove(step?.id, index);
  const spec = useMemo(() => (step ? describeSchema(STEP_CATALOG[step.kind].config, step.kind) : null), [step?.kind]); // eslint-disable-line react-hooks/exhaustive-deps
  // Per step (by id and field): what a one-of field held under the choices switched away from.
  const choices = useRef(new Map<string, ChoiceMemory>());
  // A warning about the whole workflow: checked a render behind while typing (editor-context), by
  // id, as the settled steps may still be in their order before a move.
  const unreached = useMemo(() => new Set(unreachableSteps(settledSteps).map((n) => settledSteps[n - 1].id)), [settledSteps]);
  const { announce, region } = useAnnouncer();
  const upButton = useRef<HTMLButtonElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  // The direction of the move just made from this panel, for the render that shows it.
  const moved = useRef<"up" | "down" | null>(null);
  const stepName = step?.name;
  useEffect(() => {
    const dir = moved.current;
    if (!dir) return;
    moved.current = null;
    announce(`${stepName || "The step"} is now step ${index + 1} of ${steps.length}`);
    const same = dir === "up" ? upButton.current : downButton.current;
    const other = dir === "up" ? downButton.current : upButton.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!same?.disabled && !lost) return;
    const to = [same, other, nameField.current].find((el) => el && !el.disabled);
    to?.focus();
  }, [index]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!step || !spec) {
    return (
      <aside aria-label="Step" className="flex h-full w-[440px] shrink-0 flex-col items-center justify-center border-l border-slate-200 bg-white p-8 text-center">
        <p className="text-sm font-medium text-slate-700">No step selected</p>
        <p className="mt-1 text-sm text-slate-500">Select a step on the canvas to configure it, test it and see its executions.</p>
      </aside>
    );
  }
  const number = index + 1;
  const entry = STEP_CATALOG[step.kind];
  const Icon = STEP_ICONS[step.kind];
  const problems = doc.problems.filter((p) => p.stepId === step.id);

  return (
    <aside aria-label={`Step ${number}: ${step.name}`} className="flex h-full w-[440px] shrink-0 flex-col border-l border-slate-200 bg-white short:overflow-y-auto" data-testid="step-panel">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
        <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span className="rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-600">{number}</span>
        <input
          ref={nameField}
          aria-label="Step name"
          value={step.name}
          readOnly={readOnly}
          maxLength={NAME_MAX_LENGTH}
          // maxLength stops typing and pasting; a value set another way (autofill, an extension)
          // is cut here too, so a save is never refused for the name's length.
          onChange={(e) => update(step.id, { name: e.target.value.slice(0, NAME_MAX_LENGTH) }, "name")}
          className="min-w-0 flex-1 rounded border border-transparent px-1 py-0.5 text-sm font-semibold text-slate-900 hover:border-slate-200 focus:border-brand-500 focus:outline-none"
        />
        {!readOnly && (
        <>
        <IconButton ref={upButton} label="Move step up" disabled={!canMove(steps, index, index - 1)} onClick={() => tryMove(index - 1) && (moved.current = "up")}>
          <ArrowUp className="h-4 w-4" aria-hidden />
        </IconButton>
        <IconButton ref={downButton} label="Move step down" disabled={!canMove(steps, index, index + 1)} onClick={() => tryMove(index + 1) && (moved.current = "down")}>
          <ArrowDown className="h-4 w-4" aria-hidden />
        </IconButton>
        <DeleteStepDialog
          stepId={step.id}
          trigger={
            <IconButton label="Delete step" className="hover:bg-red-50 hover:text-red-700">
              <Trash2 className="h-4 w-4" aria-hidden />
            </IconButton>
          }
        />
        </>
        )}
      </div>
      {region}
      <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{entry.description}</p>
      {unreached.has(step.id) && (
        <p data-testid="step-unreachable" className="mx-4 mt-3 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900 wrap-anywhere">
          {UNREACHABLE_MESSAGE}
        </p>
      )}
      {refusal && (
        <p role="alert" data-testid="move-refused" className="mx-4 mt-3 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900 wrap-anywhere">
          {refusal}
        </p>
      )}
      {confirm && (
        <div role="alert" data-testid="move-changes-branch" className="mx-4 mt-3 rounded-md border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900 wrap-anywhere">
          <p>{confirm.message}</p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={() => {
                moved.current = confirm.up ? "up" : "down";
                confirm.accept();
              }} className="rounded border border-amber-300 bg-white px-2 py-1 font-medium hover:bg-amber-100">
              Move anyway
            </button>
            <button type="button" onClick={confirm.cancel} className="rounded px-2 py-1 font-medium hover:bg-amber-100">
              Keep it here
            </button>
          </div>
        </div>
      )}
      {problems.length > 0 && (
        <ul aria-label="Problems in this step" data-testid="step-problems" className="mx-4 mt-3 space-y-1 rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-800 wrap-anywhere">
          {problems.map((p, i) => (
            <li key={i}>
              {p.field === undefined ? p.message : (
                <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => focusFieldOf(p.field!)}>
                  {p.message}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Tabs
        defaultValue={focus?.stepId === step.id ? "executions" : "configure"}
        className="flex min-h-0 flex-1 flex-col short:flex-none"
        // A link to one of this step's runs from inside the editor (the deliveries log) opens it.
        key={focus?.stepId === step.id ? `${step.id}:${focus.runId}` : step.id}
      >
        <TabsList aria-label="Step panel">
          <TabsTrigger value="configure">Configure</TabsTrigger>
          <TabsTrigger value="test">Test &amp; Debug</TabsTrigger>
          <TabsTrigger value="executions">Executions</TabsTrigger>
        </TabsList>
        <TabsContent value="configure" className={ONE_SCROLL}>
          {readOnly && <ViewOnlyNote what="change this step" />}
          {/* A viewer: a disabled fieldset, not inert, which hid every field from screen readers
              and from copying; its controls are read as disabled (CodeMirror: read-only, in
              code-field). The Webhook panel locks its own: its URL stays selectable, with Copy. */}
          {step.kind === "webhook" ? (
            <WebhookPanel step={step} />
          ) : (
          <fieldset disabled={readOnly} className={FIELDSET}>
            {step.kind === "scheduler" ? (
              <SchedulerPanel step={step} />
            ) : (
              <SchemaForm
                spec={spec}
                value={step.config}
                ctx={{ steps, index, workspaceId }}
                onChange={(config, leaf) => {
                  const memory = choices.current.get(step.id) ?? new Map<string, unknown>();
                  choices.current.set(step.id, memory);
                  update(step.id, { config: keepSwitchedChoice(spec, step.config, config, leaf, memory) }, `config.${leaf.join(".")}`);
                }}
              />
            )}
          </fieldset>
          )}
          {step.kind === "conditions" && usesSeenBefore(step.config) && <SeenIdsSection workflowId={workflowId} readOnly={readOnly} />}
        </TabsContent>
        <TabsContent value="test" className={ONE_SCROLL}>
          {readOnly && <ViewOnlyNote what="run steps" />}
          <fieldset disabled={readOnly} className={FIELDSET}>
            <TestDebugTab step={step} number={number} />
          </fieldset>
        </TabsContent>
        <TabsContent value="executions" className={ONE_SCROLL}>
          <ExecutionsTab step={step} number={number} />
        </TabsContent>
      </Tabs>
    </aside>
  );
}

/** A short window: a tab's content is as tall as it is, and the panel scrolls (see the top). */
const ONE_SCROLL = "short:flex-none short:overflow-visible";
/** A fieldset that looks like a div; disabled (a viewer), its buttons are dimmed. */
const FIELDSET = "m-0 min-w-0 border-0 p-0 disabled:[&_button]:opacity-50";

/** Focuses the field whose note (under it, on the Configure tab) is about `path`: the control
 *  that note describes. Nothing when the Configure tab is not the one shown. */
function focusFieldOf(path: string) {
  const note = [...document.querySelectorAll<HTMLElement>("[data-invalid-field], [data-missing-field]")].find(
    (el) => (el.dataset.invalidField ?? el.dataset.missingField) === path,
  );
  if (!note?.id) return;
  const field = [...document.querySelectorAll<HTMLElement>("[aria-describedby]")].find((el) => el.getAttribute("aria-describedby")!.split(" ").includes(note.id));
  field?.focus();
}

function ViewOnlyNote({ what }: { what: string }) {
  return <p className="mb-3 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-600">Your role in this workspace is viewer: you can see everything here, but not {what}.</p>;
}

/** A Conditions step with a "was already seen" rule: its panel shows the ids the workflow remembers. */
function usesSeenBefore(config: Record<string, unknown>): boolean {
  const branches = Array.isArray(config.branches) ? (config.branches as { rules?: unknown }[]) : [];
  return branches.some((b) => Array.isArray(b?.rules) && b.rules.some((r) => (r as { op?: unknown } | null)?.op === "seen_before"));
}
