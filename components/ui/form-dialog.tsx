"use client";
// A dialog around one form (Radix Dialog: focus trap, Escape, title announced): title,
// description, the fields, the message of a failed submit, then Cancel and the submit button.
import * as Dialog from "@radix-ui/react-dialog";
import { buttonClass } from "@/components/ui/button";
import { useReturnFocus } from "@/components/ui/use-return-focus";

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
  children: React.ReactNode;
};

export function FormDialog({ trigger, open, onOpenChange, title, description, onSubmit, busy, error, submitLabel, busyLabel, submitDisabled, children }: Props) {
  const returnFocus = useReturnFocus(open, trigger === undefined);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed left-1/2 top-1/3 z-50 w-full max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-500">{description}</Dialog.Description>
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit(new FormData(e.currentTarget));
            }}
          >
            {children}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
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
