// A moment as the lists show it: "3 minutes ago", the exact time (UTC) as its tooltip, the
// machine-readable one in dateTime. Server and browser each compute "ago" from their own clock,
// so a page rendered a few seconds before it hydrates could read "just now" there and "1 minute
// ago" here (React's hydration error #418): the text rendered first stays until the next render.
import { relativeTime } from "@/components/ui/relative-time";

export function TimeAgo({ at, prefix = "", className }: { at: string; prefix?: string; className?: string }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={date.toUTCString()} className={className} suppressHydrationWarning>
      {`${prefix}${relativeTime(date)}`}
    </time>
  );
}
