"use client";
// A button whose action is under way. `disabled` would drop keyboard focus to <body> (browsers
// take focus from a button that becomes disabled): while busy it stays focusable, is marked
// aria-disabled, looks disabled and ignores clicks and keys until the action is done.
import { forwardRef } from "react";
import { cn } from "@/components/ui/cn";

type Props = React.ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean };

export const BusyButton = forwardRef<HTMLButtonElement, Props>(function BusyButton({ busy, onClick, className, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      {...props}
      aria-disabled={busy || props["aria-disabled"] || undefined}
      className={cn(className, busy && "cursor-default opacity-50")}
      onClick={(e) => {
        if (!busy) onClick?.(e);
      }}
    />
  );
});
