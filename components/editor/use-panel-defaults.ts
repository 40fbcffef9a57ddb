"use client";
// Room for the canvas at 1024–1279 px: Tools (240 px), Workflow data (288) and a step's panel
// (440) side by side left it 56 px, the linked run's bar a word a line. There, while a step is
// open, Tools and Workflow data start collapsed to their rails (the canvas ≈ 500 px); one the user
// shows stays shown (panel-toggle.tsx remembers it). A step just added from the Tools dock leaves
// the dock open: the user is still working in it, and the button they pressed must not vanish
// from under their focus. From 1280 px, and with no step open, the panels start open as before.
import { useState } from "react";
import { useMediaQuery } from "@/components/ui/use-media-query";

const MID = "(min-width: 1024px) and (max-width: 1279.98px)";

/** Whether each side panel starts collapsed (before any choice of the user's). */
export function usePanelDefaults(selectedId: string | null) {
  const mid = useMediaQuery(MID);
  const [toolsTucked, setToolsTucked] = useState(selectedId !== null);
  const [seen, setSeen] = useState(selectedId);
  if (seen !== selectedId) {
    // Set while rendering (React's way to follow a prop): no frame shows the three side by side.
    setSeen(selectedId);
    setToolsTucked(selectedId !== null && !document.activeElement?.closest("[data-editor-panel=tools]"));
  }
  return { tools: mid && toolsTucked, data: mid };
}
