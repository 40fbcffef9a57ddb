"use client";
// The bookkeeping around an API call made from a client component: clear the last error, mark
// busy, run the call, refresh the server-rendered page when it succeeded, keep its message when
// it failed. `run` resolves true when the call succeeded.
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";

export function useApiAction() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (fn: () => Promise<unknown>): Promise<boolean> => {
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
