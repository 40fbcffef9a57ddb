"use client";
// Keyboard focus onto a step's canvas node once it is drawn: after a delete the neighbour may be
// off screen (the canvas renders visible nodes only) until the canvas has scrolled to it, and
// without this focus is left on <body> and a keyboard user starts over from the top of the page.

/** Focuses the node of `stepId` as soon as it is in the DOM (for up to ~1 s); returns a cancel. */
export function focusStepNode(stepId: string): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(stepId)}"]`);
    if (el) return el.focus();
    if (++tries < 60) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
