"use client";
// The Draft prompt a trigger panel shows (spec §3 rule 1): what Draft means for this trigger, a
// Go live button (not for a viewer) and the refusal, if any. `focusAfterRef` is set while going Live,
// so the panel can move focus to what Live shows (the URL, the schedule's line); cleared if refused.
import type { ReactNode, RefObject } from "react";
import { Rocket } from "lucide-react";
import type { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";

type Props = {
  children: ReactNode;
  readOnly: boolean;
  setMode: ReturnType<typeof useWorkflowActions>["setMode"];
  focusAfterRef: RefObject<boolean>;
};

export function DraftGoLive({ children, readOnly, setMode, focusAfterRef }: Props) {
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {children}
      {!readOnly && (
        <BusyButton
          className={buttonClass("primary", "sm", "mt-3")}
          busy={setMode.isPending}
          onClick={() => {
            focusAfterRef.current = true;
            setMode.mutate("live", { onError: () => (focusAfterRef.current = false) });
          }}
        >
          <Rocket className="h-4 w-4" aria-hidden /> {setMode.isPending ? "Going live…" : "Go live"}
        </BusyButton>
      )}
      {setMode.error && <p role="alert" className="mt-2 text-red-700 wrap-anywhere">{setMode.error.message}</p>}
    </div>
  );
}
