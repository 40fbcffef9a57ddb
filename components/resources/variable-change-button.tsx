"use client";
// A change to a variable or secret that the API refuses while workflows read it (409
// variable_in_use / secret_in_use): switching its kind (variable-kind-switch.tsx) or emptying its
// value (variable-empty-button.tsx). Confirmed first, as a delete is (DeleteInUseButton); a refusal
// opens the confirmation again listing the workflows, and offers to go ahead anyway
// (useInUseConfirm).
import { useInUseConfirm } from "@/components/resources/use-in-use-confirm";
import { WorkflowUsersList, type WorkflowUser } from "@/components/resources/workflow-users-list";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export type VariableChangeButtonProps = {
  /** The button's visible text ("Make secret"); `srLabel` follows it for screen readers (the key). */
  label: string;
  srLabel: string;
  title: string;
  description: React.ReactNode;
  /** What the confirmation asks for besides a yes (a value to type), before any refusal. */
  fields?: React.ReactNode;
  confirmLabel: string;
  /** Set while the confirmation cannot be confirmed yet, saying why ("Type its value first"). */
  notReady?: string;
  /** The 409 code that means "workflows read it" (variable_in_use, secret_in_use). */
  inUseCode: string;
  inUse: { title: string; description: (workflows: WorkflowUser[]) => string; listLabel: string; confirmLabel: string };
  workspaceId: string;
  /** The API call; `force` once the user has seen the workflows and goes ahead anyway. */
  change: (force: boolean) => Promise<unknown>;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  /** Called once changed (not when refused). */
  onDone?: () => void;
  /** Called as the confirmation opens from the button (to reset what was typed). */
  onOpen?: () => void;
};

export function VariableChangeButton({ label, srLabel, title, description, fields, confirmLabel, notReady, inUseCode, inUse, workspaceId, change, run, onDone, onOpen }: VariableChangeButtonProps) {
  const { open, setOpen, inUse: users, reset, go } = useInUseConfirm({ inUseCode, act: change, run, onDone });
  const refused = users !== null;
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className={buttonClass("ghost", "sm")}
          onClick={() => {
            reset();
            onOpen?.();
          }}
        >
          {label}
          <span className="sr-only"> {srLabel}</span>
        </button>
      }
      open={open}
      onOpenChange={setOpen}
      title={refused ? inUse.title : title}
      description={refused ? inUse.description(users) : description}
      details={
        refused ? (
          <WorkflowUsersList workspaceId={workspaceId} users={users} label={inUse.listLabel} />
        ) : fields !== undefined ? (
          // Enter in a field confirms, as the button would (when it could).
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (notReady !== undefined) return;
              setOpen(false);
              go(false);
            }}
          >
            {fields}
          </form>
        ) : undefined
      }
      confirmLabel={refused ? inUse.confirmLabel : confirmLabel}
      waitingLabel={refused ? undefined : notReady}
      destructive
      onConfirm={() => go(refused)}
    />
  );
}
