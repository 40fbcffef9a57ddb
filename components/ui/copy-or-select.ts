// Copies text for a Copy button, or selects it to copy by hand. A browser that gives the page no
// clipboard (a page served over plain http from another machine is not a secure context) or
// refuses the write would otherwise do nothing in silence, and the user pastes something else.
export async function copyOrSelect(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.focus();
    field?.select();
    return false;
  }
}

/** What a Copy that could not copy says: the value is selected instead. */
export const copyRefusedText = (noun: string) => `Could not copy: the ${noun} is selected, press Ctrl+C (⌘C on a Mac).`;
