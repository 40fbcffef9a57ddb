"use client";
// A moment to the second in the reader's own time zone and locale (formatExactTime: "Nov 23
// 14:05:09", the time alone today), as the editor's Executions shows run times — for tables a
// server renders (the audit log), which printed the full GMT string beside local times elsewhere.
// The server cannot know the reader's zone: it renders the UTC moment, and the browser swaps in
// its local time once hydrated (useSyncExternalStore's server snapshot, then the client's).
import { useSyncExternalStore } from "react";
import { formatExactTime } from "@/lib/format-exact-time";

const noSubscription = () => () => {};

export function ExactTime({ at, className }: { at: string; className?: string }) {
  const text = useSyncExternalStore(
    noSubscription,
    () => formatExactTime(at),
    () => `${at.slice(0, 10)} ${at.slice(11, 19)} UTC`,
  );
  const local = useSyncExternalStore(
    noSubscription,
    () => new Date(at).toLocaleString(),
    () => at,
  );
  return (
    <time dateTime={at} title={local} className={className}>
      {text}
    </time>
  );
}
