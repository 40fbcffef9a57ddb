"use client";
// next-auth's double-submit CSRF token: fetching it also sets the matching cookie. Forms that
// post to /api/auth/* keep their submit button disabled until it is there.
import { useEffect, useState } from "react";

export function useCsrfToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/api/auth/csrf", { cache: "no-store" })
      .then((r) => r.json() as Promise<{ csrfToken?: string }>)
      .then((d) => live && setToken(d.csrfToken ?? null))
      .catch(() => live && setToken(null));
    return () => {
      live = false;
    };
  }, []);
  return token;
}
