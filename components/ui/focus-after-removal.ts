"use client";
// Where focus goes when the control that has it goes with its row (a deleted variable, a removed
// member): the browser drops it to <body>, and a keyboard user starts again from the top of the
// page. The row leaves when the page's refresh arrives, some time after the action's confirmation
// closed, so the row's removal is watched for rather than guessed.

const ROW = "li, tr";
const FIELD = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled)";

// "Delete" of "Delete CLIENT_NAME", "Remove" of "Remove ann@example.com": a row's same control.
const verb = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().split(/\s+/)[0];

// A control marked data-row-control="KIND" matches only its kind: a sessions list's "Sign out"
// of another browser is not this browser's own "Sign out", which pressed again signs it out.
function sameControl(row: Element, like: HTMLElement): HTMLElement | null {
  const kind = like.dataset.rowControl;
  if (kind) return row.querySelector<HTMLElement>(`${like.tagName}[data-row-control="${CSS.escape(kind)}"]`);
  const want = verb(like);
  for (const el of row.querySelectorAll<HTMLElement>(like.tagName)) if (verb(el) === want) return el;
  return null;
}

const siblings = (el: Element, dir: "nextElementSibling" | "previousElementSibling"): Element[] => {
  const out: Element[] = [];
  for (let s = el[dir]; s; s = s[dir]) out.push(s);
  return out;
};

/** The nearest form before the list (the page's add form), else the nearest heading before it. */
function beforeList(list: Element): { form: HTMLFormElement | null; heading: HTMLElement | null } {
  let form: HTMLFormElement | null = null;
  let heading: HTMLElement | null = null;
  for (let el: Element | null = list; el && el !== document.body && !(form && heading); el = el.parentElement) {
    for (const s of siblings(el, "previousElementSibling")) {
      form ??= s instanceof HTMLFormElement ? s : s.querySelector("form");
      heading ??= s.matches("h1, h2, h3") ? (s as HTMLElement) : s.querySelector<HTMLElement>("h1, h2, h3");
    }
  }
  return { form, heading };
}

/**
 * Call when an action that removes `control`'s row (li or tr) is confirmed. Once the control has
 * left the page with focus dropped to <body>, focus goes to the same control (same verb) in the
 * next row, else in the previous one, else the first field of the form before the list, else the
 * heading before it. Returns a function that stops watching; it stops by itself after `forMs`.
 */
export function focusNeighbourWhenRemoved(control: HTMLElement, forMs = 60_000): () => void {
  const row = control.closest(ROW);
  const list = row?.parentElement;
  if (!row || !list) return () => {};
  const rows = [...siblings(row, "nextElementSibling"), ...siblings(row, "previousElementSibling")];
  const { form, heading } = beforeList(list);
  const target = (): HTMLElement | null => {
    for (const r of rows) {
      const el = r.isConnected ? sameControl(r, control) : null;
      if (el) return el;
    }
    const field = form?.isConnected ? form.querySelector<HTMLElement>(FIELD) : null;
    if (field) return field;
    if (!heading?.isConnected) return null;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1; // focusable from script only
    return heading;
  };
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    // Focus already elsewhere (the user moved on, or the page placed it): left there.
    if (document.activeElement && document.activeElement !== document.body) return;
    target()?.focus();
  });
  const timer = setTimeout(() => stop(), forMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
