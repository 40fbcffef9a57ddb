"use client";
// A polite live region for what an action did that the screen does not say where focus is (a
// saved value, a step's new number, a finished run): a screen reader reads it once, when its
// text is set, without taking focus. The region is rendered empty from the start — one that
// appears together with its text is often not read. Saying the same words again (the same step
// moved twice) replaces the text node, so it is read again. aria-live rather than role="status":
// it is not the page's status message (a push's result, a duplicate's name), which tests and
// tools look up by that role.
import { useCallback, useState } from "react";

export function useAnnouncer(): { announce: (text: string) => void; region: React.ReactNode } {
  const [said, setSaid] = useState({ text: "", n: 0 });
  const announce = useCallback((text: string) => setSaid((s) => ({ text, n: s.n + 1 })), []);
  const region = (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcement">
      {said.text && <span key={said.n}>{said.text}</span>}
    </p>
  );
  return { announce, region };
}
