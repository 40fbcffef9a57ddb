"use client";
// The message of a failed action, announced to screen readers (role="alert") and scrolled into
// view: pages put it above everything, and a refused action further down (an account's edit
// row, a variable's Set) looked as if its button did nothing while the message sat off-screen.
// A session that ended, or a workspace no longer shared, reads as the editor says it, with a link
// (access-lost.tsx).
import { useEffect, useRef } from "react";
import { ErrorMessage } from "@/components/ui/access-lost";

export function ErrorAlert({ error }: { error: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [error]);
  return error ? (
    <p ref={ref} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      <ErrorMessage text={error} />
    </p>
  ) : null;
}
