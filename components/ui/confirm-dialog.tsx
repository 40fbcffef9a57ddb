"use client";
// A confirmation for destructive or irreversible actions (Radix AlertDialog: focus trap,
// Escape to cancel, the dialog's title and description announced). One that removes the row it
// was opened from moves focus to a neighbour once the row has gone (`removesRow`).
import { useRef } from "react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "@/components/ui/button";
import { focusNeighbourWhenRemoved } from "@/components/ui/focus-after-removal";
import { focusedOpener, useReturnFocus } from "@/components/ui/use-return-focus";

export type ConfirmDialogProps = {
  /** Omit it and pass `open`/`onOpenChange` to open the dialog from elsewhere (e.g. a menu item). */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  /** Block content under the description (a list, say), which a description paragraph cannot hold. */
  details?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  destructive?: boolean;
  /**
   * Confirming removes the list row (li or tr) the dialog was opened from: once it is gone, focus
   * goes to the same control in the next row, else the previous one, else the list's add form or
   * heading, not to <body>.
   */
  removesRow?: boolean;
  /** The confirm button waits (disabled, saying why in `waitingLabel`) until what the description
   *  must say has loaded: a fast click would otherwise confirm before reading it. */
  waitingLabel?: string;
};

export function ConfirmDialog({ trigger, open, onOpenChange, title, description, details, confirmLabel, onConfirm, destructive, removesRow, waitingLabel }: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open, trigger === undefined);
  // What had focus as the dialog opened (its trigger), before the dialog took it.
  const opener = useRef<HTMLElement | null>(null);
  const stopWatching = useRef<() => void>(() => {});
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            // A menu item (Delete in a row's actions menu) leaves with its menu: its button stays in the row.
            opener.current = focusedOpener();
          }}
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          {details !== undefined && <div className="mt-3 text-sm">{details}</div>}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              disabled={waitingLabel !== undefined}
              onClick={() => {
                if (removesRow && opener.current) {
                  stopWatching.current();
                  stopWatching.current = focusNeighbourWhenRemoved(opener.current);
                }
                onConfirm();
              }}
              className={buttonClass("primary", "md", destructive ? "bg-red-600 hover:bg-red-700 focus-visible:ring-red-500" : "")}
            >
              {waitingLabel ?? confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
