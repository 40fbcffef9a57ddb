"use client";
// The workflow editor page body: header, Tools dock, canvas, Workflow data and the step panel,
// with keyboard shortcuts (Delete, Ctrl+Z / Ctrl+Shift+Z, Ctrl+S) and loading / error states.
// From 1024 px the four sit side by side; below, where they would be wider than the screen, they
// are tabs (one full-width pane at a time), and picking a step opens its pane.
import { useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import * as TabsPrimitive from "@radix-ui/react-tabs";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useWorkflowQuery } from "@/components/editor/api";
import { PinnedRunBar, useCanvasRun } from "@/components/editor/canvas-run";
import { BlueprintUpgradeNotice } from "@/components/blueprints/blueprint-upgrade-notice";
import { ConflictBanner } from "@/components/editor/conflict-banner";
import { DeleteStepDialog } from "@/components/editor/delete-step-dialog";
import { EditorHeader } from "@/components/editor/editor-header";
import { EditorProvider, useEditor, type EditorFocus } from "@/components/editor/editor-context";
import { FlowCanvas } from "@/components/editor/flow-canvas";
import { focusStepNode } from "@/components/editor/focus-step-node";
import { LeaveGuard } from "@/components/editor/leave-guard";
import { CollapsedRail, usePanelOpen } from "@/components/editor/panel-toggle";
import { usePanelDefaults } from "@/components/editor/use-panel-defaults";
import { ReplaceTriggerDialog } from "@/components/editor/replace-trigger-dialog";
import { DataPanel } from "@/components/editor/panels/data-panel";
import { StepPanel } from "@/components/editor/step-panel";
import { ToolsDock } from "@/components/editor/tools-dock";
import { useEditorDocument } from "@/components/editor/use-editor-document";
import { canvasStepStatuses } from "@/components/runs/step-execution";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { WorkflowView } from "@/lib/editor/api-types";
import type { StepStatus } from "@/lib/editor/flow-graph";

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) || !!el.closest(".cm-editor"));
// Delete/Backspace removes a step only from the canvas (or with nothing focused): the focused
// step's node, else the selected step; on a tab, a button or the data tree of a panel it is a
// stray key, not "delete this step".
/** Where Delete means "the selected step": the page itself, a step's node, the canvas's pane — not
 *  the canvas's own controls (zoom, fit, minimap, an edge's +), whose keys are their own. */
const onCanvas = (el: EventTarget | null) => {
  // The canvas region itself: focusable for Show the latest run, so a click on its non-focusable
  // parts (the linked run's bar, an edge's label) lands focus there, not on <body>.
  if (el === document.body || (el instanceof HTMLElement && el.dataset.canvasRegion !== undefined)) return true;
  if (!(el instanceof HTMLElement) || !el.closest(".react-flow")) return false;
  if (el.closest(".react-flow__node")) return true;
  return !el.closest("button, a, input, textarea, select, [contenteditable], .react-flow__panel");
};

/** The step whose canvas node has focus, if any. */
const focusedStep = (el: EventTarget | null) =>
  el instanceof HTMLElement ? (el.closest<HTMLElement>(".react-flow__node")?.dataset.id ?? null) : null;

/** The keyboard shortcuts; Delete asks first, through `askDelete` (the same dialog as the trash button). */
function useShortcuts(askDelete: (id: string) => void) {
  const { doc, selectedId, readOnly, undo, redo } = useEditor();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (readOnly) return; // a viewer's editor sends nothing, Ctrl+S included
      if (mod && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void doc.saveNow({ force: true });
        return;
      }
      if (editable(e.target) || document.querySelector("[role=alertdialog],[role=dialog]")) return;
      if (mod && e.key.toLowerCase() === "z") {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (mod && e.key.toLowerCase() === "y") {
        e.preventDefault();
        redo();
      } else if ((e.key === "Delete" || e.key === "Backspace") && onCanvas(e.target)) {
        // A focused step's node means that step (Tab may have moved past the open one); elsewhere
        // on the canvas, the open step.
        const id = focusedStep(e.target) ?? selectedId;
        if (!id) return;
        e.preventDefault();
        askDelete(id);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [doc, selectedId, readOnly, undo, redo, askDelete]);
}

/** The Delete key's confirmation. Cancelled, focus goes back to the node (ConfirmDialog); confirmed,
 *  to the step that takes the deleted one's place, so the keyboard user stays on the canvas. */
function KeyboardDelete({ stepId, onClose }: { stepId: string | null; onClose: () => void }) {
  // A new object per delete: the same neighbour twice (delete, undo, delete) is focused again.
  const [focusTo, setFocusTo] = useState<{ id: string } | null>(null);
  useEffect(() => (focusTo ? focusStepNode(focusTo.id) : undefined), [focusTo]);
  if (!stepId) return null;
  return <DeleteStepDialog stepId={stepId} open onOpenChange={(open) => !open && onClose()} onDeleted={(id) => setFocusTo(id ? { id } : null)} />;
}

type PaneName = "canvas" | "tools" | "step" | "data";

/** Tailwind's lg: where the panes stand side by side and the tabs are hidden. */
const WIDE = "(min-width: 1024px)";

/** One column from 1024 px up (the wrapper is display: contents); below, a tab's full-width pane. */
function Pane({ value, className, children }: { value: PaneName; className?: string; children: React.ReactNode }) {
  // From 1024 px the tabs are hidden: a tab panel named by a tab that is not there is not one (the
  // columns are landmarks of their own: Tools, Workflow canvas, Workflow data, the step panel).
  const wide = useMediaQuery(WIDE);
  return (
    <TabsPrimitive.Content
      forceMount
      value={value}
      {...(wide ? { role: undefined, "aria-labelledby": undefined } : {})}
      // Not focusable: a click on the canvas must leave focus where the Delete shortcut expects it.
      tabIndex={undefined}
      className={cn(
        "focus-visible:outline-none lg:contents max-lg:data-[state=inactive]:hidden max-lg:data-[state=active]:flex max-lg:min-w-0 max-lg:flex-1 max-lg:*:w-full max-lg:*:border-0",
        className,
      )}
    >
      {children}
    </TabsPrimitive.Content>
  );
}

/** The pane on a narrow screen: a newly selected step (picked, added, opened from a link) opens its own. */
function usePane(selectedId: string | null) {
  const [pane, setPane] = useState<PaneName>(selectedId ? "step" : "canvas");
  const [seen, setSeen] = useState(selectedId);
  if (seen !== selectedId) {
    setSeen(selectedId);
    if (selectedId) setPane("step");
  }
  return [pane, setPane] as const;
}

function EditorLayout() {
  const { workflowId, workspaceId, doc, selectedId, readOnly, focus } = useEditor();
  const [deleting, setDeleting] = useState<string | null>(null);
  useShortcuts(setDeleting);
  const shown = useCanvasRun(workflowId, focus?.runId ?? null);
  // Show the latest run takes its bar, and the focused button, away: focus goes to the canvas it
  // changed (not dropped to <body>), and the change is said.
  const canvasRegion = useRef<HTMLElement>(null);
  const { announce, region } = useAnnouncer();
  const showLatest = () => {
    shown.showLatest();
    canvasRegion.current?.focus();
    announce("The canvas shows the latest run.");
  };
  const statuses = useMemo(() => canvasStepStatuses<StepStatus>(shown.run), [shown.run]);
  const invalid = useMemo(() => new Map(doc.problems.map((p) => [p.stepId, p.message])), [doc.problems]);
  const showData = selectedId !== null && doc.state.steps[0]?.id !== selectedId;
  const [pane, setPane] = usePane(selectedId);
  // The page's title follows a rename made here (generateMetadata gave the name it opened with).
  const name = doc.state.name;
  useEffect(() => {
    if (name) document.title = `${name} · Workflow editor · MSP Flow`;
  }, [name]);
  const start = usePanelDefaults(selectedId, showData);
  const tools = usePanelOpen("tools", start.tools);
  const data = usePanelOpen("data", start.data);
  return (
    <div className="flex h-full flex-col">
      {/* The page's heading for screen readers; on screen the header's name field says it. */}
      <h1 className="sr-only">{doc.state.name || "Workflow"}</h1>
      <EditorHeader />
      <ConflictBanner />
      <BlueprintUpgradeNotice
        workspaceId={workspaceId}
        workflowId={workflowId}
        blueprint={doc.server.blueprint}
        canEdit={!readOnly}
        className="border-b border-sky-200 bg-sky-50 px-4 py-2"
      />
      <TabsPrimitive.Root value={pane} onValueChange={(v) => setPane(v as PaneName)} className="flex min-h-0 flex-1 flex-col">
        <TabsList aria-label="Editor sections" className="shrink-0 bg-white lg:hidden">
          <TabsTrigger value="canvas">Canvas</TabsTrigger>
          {!readOnly && <TabsTrigger value="tools">Tools</TabsTrigger>}
          <TabsTrigger value="step">Step</TabsTrigger>
          <TabsTrigger value="data">Data</TabsTrigger>
        </TabsList>
        <div className="flex min-h-0 flex-1">
          {!readOnly && (
            <Pane value="tools">
              <ToolsDock onHide={() => tools.setOpen(false)} onWiden={tools.narrow ? () => tools.setOpen(true) : undefined} className={tools.open ? undefined : "lg:hidden"} />
              {!tools.open && <CollapsedRail panel="tools" onExpand={() => tools.setOpen(true)} />}
            </Pane>
          )}
          <Pane value="canvas">
            {/* A named region, not a <main>: the app shell's #main already holds the editor. */}
            <section ref={canvasRegion} tabIndex={-1} data-canvas-region aria-label="Workflow canvas" className="flex min-w-0 flex-1 flex-col bg-slate-50 focus:outline-none">
              {region}
              {shown.pinned && <PinnedRunBar run={shown.pinned} onLatest={showLatest} />}
              <div className="min-h-0 flex-1">
                <FlowCanvas statuses={statuses} invalid={invalid} />
              </div>
            </section>
          </Pane>
          {showData ? (
            <Pane value="data">
              <DataPanel onHide={() => data.setOpen(false)} className={data.open ? undefined : "lg:hidden"} />
              {!data.open && <CollapsedRail panel="data" onExpand={() => data.setOpen(true)} />}
            </Pane>
          ) : (
            <Pane value="data" className="lg:hidden">
              <p className="flex h-full items-center justify-center bg-white p-8 text-center text-sm text-slate-500">
                Pick a step after the trigger: Workflow data shows the outputs of the steps before it, to insert into its fields.
              </p>
            </Pane>
          )}
          <Pane value="step">
            <StepPanel />
          </Pane>
        </div>
      </TabsPrimitive.Root>
      <ReplaceTriggerDialog />
      <KeyboardDelete stepId={deleting} onClose={() => setDeleting(null)} />
      <LeaveGuard />
    </div>
  );
}

type EditorProps = { workflowId: string; workspaceId: string; focus?: EditorFocus | null; /** The viewer role: look, don't change. */ readOnly?: boolean };

function LoadedEditor({ workflowId, workspaceId, focus, readOnly, initial }: EditorProps & { initial: WorkflowView }) {
  const doc = useEditorDocument(workflowId, initial);
  return (
    <EditorProvider doc={doc} workflowId={workflowId} workspaceId={workspaceId} focus={focus} readOnly={readOnly}>
      <EditorLayout />
    </EditorProvider>
  );
}

function EditorBody({ workflowId, workspaceId, focus, readOnly }: EditorProps) {
  const query = useWorkflowQuery(workflowId);
  // The first copy seeds the document; later refetches are handled inside it.
  const [initial, setInitial] = useState<WorkflowView | null>(null);
  if (!initial && query.data) setInitial(query.data);
  if (query.isError && !initial) {
    const notFound = (query.error as { status?: number }).status === 404;
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-lg font-semibold">{notFound ? "Workflow not found" : "Could not open this workflow"}</h1>
        <p className="max-w-md text-sm text-slate-500">{notFound ? "It may have been deleted, or it belongs to a workspace you cannot see." : query.error.message}</p>
        <div className="flex gap-2">
          {!notFound && <button type="button" className={buttonClass("secondary")} onClick={() => void query.refetch()}>Try again</button>}
          <Link href={`/w/${workspaceId}/workflows`} className={buttonClass("primary")}>Back to workflows</Link>
        </div>
      </div>
    );
  }
  if (!initial) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-slate-500" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Opening workflow…
      </div>
    );
  }
  return <LoadedEditor workflowId={workflowId} workspaceId={workspaceId} focus={focus} readOnly={readOnly} initial={initial} />;
}

export function WorkflowEditor(props: EditorProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <EditorBody {...props} />
    </QueryClientProvider>
  );
}
