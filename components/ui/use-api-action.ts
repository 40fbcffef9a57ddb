"use client";
// The bookkeeping around an API call made from a client component: clear the last error, mark
// busy, run the call, refresh the server-rendered page when it succeeded, keep its message when
// it failed. `run` resolves true when the call succeeded.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";

export function useApiAction() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A control disabled while busy (the submit button pressed with Enter or Space) drops focus to
  // the page body, and a keyboard or screen-reader user loses their place: once the action has
  // ended and the control is enabled again, focus goes back to it — unless it went elsewhere.
  const focusedAtStart = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const el = focusedAtStart.current;
    focusedAtStart.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (el?.isConnected && lost) el.focus();
  }, [busy]);
  const run = useCallback(
    async (fn: () => Promise<unknown>): Promise<boolean> => {
      focusedAtStart.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      setBusy(true);
      setError(null);
      try {
        await fn();
        router.refresh();
        return true;
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [router],
  );
  return { run, busy, error, setError };
}
