"use client";
// The Name field of New workflow and Rename workflow. A missing name (empty or only spaces) is said
// under the field, tied to it (aria-invalid, aria-describedby), rather than left to the browser's
// bubble or a disabled button that says nothing.
import { useId } from "react";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "required" | "aria-invalid" | "aria-describedby"> & { error: string | null };

export const NAME_REQUIRED = "Name is required";

export function WorkflowNameField({ error, className, ...input }: Props) {
  const errorId = useId();
  return (
    <>
      <label className="block text-sm font-medium text-slate-700">
        Name
        <input
          {...input}
          // aria-required, not required: the browser's own check would stop the submit before our message.
          aria-required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={className}
        />
      </label>
      {/* Outside the label, so it is the field's description and not part of its name. */}
      {error && (
        <p id={errorId} role="alert" className="-mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
