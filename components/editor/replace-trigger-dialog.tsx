"use client";
// Confirms replacing a workflow's trigger (a Start tool clicked or dropped while one exists):
// the old trigger's webhook URL stops at the next save and its shared secret and Testing data
// are discarded; undo brings the step back but not them (the server issues a new URL).
import { useEditor } from "@/components/editor/editor-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { STEP_CATALOG } from "@/lib/steps/catalog";

export function ReplaceTriggerDialog() {
  const { pendingTrigger, settleTrigger, steps, doc } = useEditor();
  const current = steps[0];
  if (!pendingTrigger || !current) return null;
  const live = doc.server?.mode === "live";
  const was = STEP_CATALOG[current.kind].label;
  const webhook = current.kind === "webhook";
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && settleTrigger(false)}
      title={`Replace the ${was} trigger with ${pendingTrigger === current.kind ? "a new one" : `a ${STEP_CATALOG[pendingTrigger].label}`}?`}
      description={
        webhook
          ? `The current webhook URL stops working${live ? " at once (this workflow is Live: senders get no runs until they use the new URL)" : ""}, and its shared secret and Testing data are discarded. Undo brings the step back, but not its URL or secret.`
          : `The ${was} trigger and its settings are discarded${live ? "; this workflow is Live, so its schedule changes at once" : ""}.`
      }
      confirmLabel="Replace trigger"
      onConfirm={() => settleTrigger(true)}
      destructive
    />
  );
}
