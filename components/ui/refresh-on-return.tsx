"use client";
// Re-reads a server-rendered page when the user comes back to it. Back and Forward show the page
// as it was when left — Next's router restores its cached render, the browser its back/forward
// cache — so what was done meanwhile elsewhere (a value set on the Variables page, say) was not
// shown until a reload (found by QA on the client review). Mounted again after the first render in
// this document means a return (or a link followed again): the page is read again then, and when
// the browser shows it from its own cache (pageshow, persisted).
import { useEffect } from "react";
import { useRouter } from "next/navigation";

let renderedBefore = false;

export function RefreshOnReturn() {
  const router = useRouter();
  useEffect(() => {
    if (renderedBefore) router.refresh();
    renderedBefore = true;
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) router.refresh();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [router]);
  return null;
}
