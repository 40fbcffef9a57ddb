"use client";
// Room for the canvas beside Tools (240 px), Workflow data (288) and a step's panel (440).
// 1024–1279 px: the three side by side left it 56 px, the linked run's bar a word a line. There,
// while a step is open, Tools and Workflow data start collapsed to their rails (the canvas ≈ 500
// px). A step just added from the Tools dock leaves the dock open: the user is still working in
// it, and the button they pressed must not vanish from under their focus.
// 1280–1439 px (the common laptop widths): the three left it 312 px at 1280, 398 at 1366. There,
// while a step after the trigger is open (Workflow data beside it), the dock starts narrow — its
// tools as icons, each still one click or drag, names read out and in a tooltip — and the canvas
// has 496 px at 1280, 582 at 1366; Workflow data, which a step's fields are filled from, stays
// open. The buttons stay where they are, so a step added from the dock keeps focus on the one
// pressed. From 1440 px (472 px left) and with no step open, the panels start open as before.
// Whatever the user shows or hides stays so (panel-toggle.tsx remembers it).
import { useState } from "react";
import { useMediaQuery } from "@/components/ui/use-media-query";
import type { PanelStart } from "@/components/editor/panel-toggle";

const MID = "(min-width: 1024px) and (max-width: 1279.98px)";
const LAPTOP = "(min-width: 1280px) and (max-width: 1439.98px)";

/** How each side panel starts (before any choice of the user's); `showData`: a step after the
 *  trigger is open, so Workflow data is beside it. */
export function usePanelDefaults(selectedId: string | null, showData: boolean): { tools: PanelStart; data: PanelStart } {
  const mid = useMediaQuery(MID);
  const laptop = useMediaQuery(LAPTOP);
  const [toolsTucked, setToolsTucked] = useState(selectedId !== null);
  const [seen, setSeen] = useState(selectedId);
  if (seen !== selectedId) {
    // Set while rendering (React's way to follow a prop): no frame shows the three side by side.
    setSeen(selectedId);
    setToolsTucked(selectedId !== null && !document.activeElement?.closest("[data-editor-panel=tools]"));
  }
  if (mid) return { tools: toolsTucked ? "collapsed" : "open", data: "collapsed" };
  return { tools: laptop && showData ? "narrow" : "open", data: "open" };
}
