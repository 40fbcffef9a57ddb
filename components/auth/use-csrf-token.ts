"use client";
// next-auth's double-submit CSRF token: fetching it also sets the matching cookie. Forms that
// post to /api/auth/* wait for it before they submit.
import { useEffect, useState } from "react";

/** The token, and whether asking for it is over (`settled` with no token: the request failed). */
export function useCsrf(): { token: string | null; settled: boolean } {
  const [state, setState] = useState<{ token: string | null; settled: boolean }>({ token: null, settled: false });
  useEffect(() => {
    let live = true;
    fetch("/api/auth/csrf", { cache: "no-store" })
      .then((r) => r.json() as Promise<{ csrfToken?: string }>)
      .then((d) => live && setState({ token: d.csrfToken ?? null, settled: true }))
      .catch(() => live && setState({ token: null, settled: true }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export function useCsrfToken(): string | null {
  return useCsrf().token;
}
