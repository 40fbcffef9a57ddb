"use client";
// A dialog around one form (Radix Dialog: focus trap, Escape, title announced): title,
// description, the fields, the message of a failed submit, then Cancel and the submit button.
// One that removes the row it was opened from moves focus to a neighbour once the row has gone
// (`removesRow`, as ConfirmDialog's).
import { useRef } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { ErrorMessage } from "@/components/ui/access-lost";
import { buttonClass } from "@/components/ui/button";
import { focusNeighbourWhenRemoved } from "@/components/ui/focus-after-removal";
import { focusedOpener, useReturnFocus } from "@/components/ui/use-return-focus";

type Props = {
  /** Opens the dialog when clicked; omit it and pass `open` to open it from elsewhere. */
  trigger?: React.ReactNode;
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  /** Called with the form's data (a React form action). */
  onSubmit: (form: FormData) => void;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  busyLabel: string;
  submitDisabled?: boolean;
  /** Submitting removes the list row (li or tr) the dialog was opened from (see ConfirmDialog). */
  removesRow?: boolean;
  children: React.ReactNode;
};

export function FormDialog({ trigger, open, onOpenChange, title, description, onSubmit, busy, error, submitLabel, busyLabel, submitDisabled, removesRow, children }: Props) {
  const returnFocus = useReturnFocus(open, trigger === undefined);
  // What had focus as the dialog was opened (its trigger), before the dialog took it.
  const opener = useRef<HTMLElement | null>(null);
  const stopWatching = useRef<() => void>(() => {});
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        // The trigger, pressed: the dialog's first field (autoFocus) takes focus before it opens.
        if (o) opener.current = focusedOpener();
        onOpenChange(o);
      }}
    >
      {trigger !== undefined && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (removesRow && opener.current) {
                stopWatching.current();
                stopWatching.current = focusNeighbourWhenRemoved(opener.current);
              }
              onSubmit(new FormData(e.currentTarget));
            }}
          >
            {children}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                <ErrorMessage text={error} />
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")}>Cancel</Dialog.Close>
              <button type="submit" disabled={busy || submitDisabled} className={buttonClass("primary")}>
                {busy ? busyLabel : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
