"use client";
// Re-reads a server-rendered page when the user comes back to it. Back and Forward show the page
// as it was when left — Next's router restores its cached render, the browser its back/forward
// cache — so what was done meanwhile elsewhere (a value set on the Variables page, say) was not
// shown until a reload (found by QA on the client review). Mounted again on a path it was already
// rendered on in this document means a return (or a link followed again): the page is read again
// then — not on the first visit of another path, whose render is fresh — and when the browser
// shows it from its own cache (pageshow, persisted).
import { useEffect } from "react";
import { usePathname, useRouter } from "next/navigation";

const renderedOn = new Set<string>();

export function RefreshOnReturn() {
  const router = useRouter();
  const path = usePathname();
  useEffect(() => {
    if (renderedOn.has(path)) router.refresh();
    renderedOn.add(path);
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) router.refresh();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [router, path]);
  return null;
}
