// The webhook's Testing data, typed by hand with the usual JSON slips: the field says on which line
// and column, and what the slip is in plain words — not the browser's JSON.parse wording, which
// named a position at best and never said "trailing comma".
import { expect, test } from "@playwright/test";
import { openOwnWorkflow } from "./own-workflow";

const CASES: [text: string, says: string][] = [
  ['{\n  "event": "example",\n  "id": "evt_1",\n}', "line 3, column 16: a trailing comma before '}': JSON allows no comma after the last item, remove it"],
  ["{\n  'event': 'example'\n}", 'line 2, column 3: single quotes: JSON needs double quotes around text and property names ("like this")'],
  ['{\n  event: "example"\n}', 'line 2, column 3: the property name event needs double quotes: "event"'],
  ['{\n  "event": "example" // from the EDR\n}', "line 2, column 22: a comment: JSON has no comments (// or /* */), remove it"],
  // On one line: on a line of its own, the editor indents the '}' to the open '['.
  ['{"hosts": ["pc-1", "pc-2"}', "line 1, column 26: '}' here, but the '[' at line 1, column 11 is still open: close it with ']' first"],
  ['{\n  "event": "example"', "line 2, column 21: the text ends before the '}' that closes the '{' at line 1, column 1"],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("Testing data that is not JSON says where and what is wrong, in words", async ({ page }) => {
  await openOwnWorkflow(page, "jsonwords", [{ kind: "webhook", config: { testingData: { event: "example" } } }]);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  await panel.getByRole("tab", { name: "Test & Debug" }).click();
  const testing = panel.getByRole("textbox", { name: "Testing data" });
  for (const [text, says] of CASES) {
    await testing.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(text);
    await expect(testing).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByText(`Not valid JSON yet: ${says}`, { exact: true })).toBeVisible();
    // The field's description (the code editor's Tab hint follows it).
    await expect(testing).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(`Not valid JSON yet: ${says}`)}`));
  }
  // Fixed, the message goes.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText('{"event": "example"}');
  await expect(testing).not.toHaveAttribute("aria-invalid", "true");
  await expect(panel.getByText(/Not valid JSON yet/)).toHaveCount(0);
});
