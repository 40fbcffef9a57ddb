// The Scheduler's cron input says what is wrong as the user types, naming and marking the field,
// and lists the next fire times in the schedule's time zone when the cron is valid (@daily among
// them); what it accepts, going Live accepts.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createProviderOwner } from "./e2e-database";
import { signIn } from "./sign-in";

test.use({ viewport: { width: 1600, height: 900 } });

test("the cron field marks a wrong field live and previews the next runs of a valid cron", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Cron MSP ${tag}`, `owner-${tag}@example.test`, "cron-pw-1");
  await signIn(page, `owner-${tag}@example.test`, "cron-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name: "Patch report", steps: [{ kind: "scheduler", config: { cron: "0 9 * * 1-5", timezone: "Europe/Berlin" } }, { kind: "code", config: { code: "return {}" } }] },
    })
  ).json()) as { id: string };
  // Saturday noon before the spring-forward night in Berlin, so the preview is known.
  await page.clock.setFixedTime(new Date("2026-03-28T12:00:30Z"));
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-1").click();
  const panel = page.getByTestId("step-panel");
  const cron = panel.getByLabel("Cron expression");
  const problem = panel.getByTestId("cron-problem");
  const preview = panel.getByTestId("cron-preview");

  await expect(cron).toHaveValue("0 9 * * 1-5");
  await expect(preview).toContainText("Next runs (Europe/Berlin)");
  await expect(preview.getByRole("listitem")).toHaveText(["Mon 30 Mar 2026, 09:00", "Tue 31 Mar 2026, 09:00", "Wed 1 Apr 2026, 09:00"]);

  await cron.fill("*/0 * * * *");
  await expect(problem).toHaveText('the minute (1st field, "*/0") takes 0–59: step 0 is not allowed, use */1 … */59');
  await expect(cron).toHaveAttribute("aria-invalid", "true");
  await expect(panel.locator("[data-cron-field][data-wrong]")).toHaveText(["*/0 minute"]);
  await expect(preview).toHaveCount(0);

  await cron.fill("0 5-1 * * MON-FRI");
  await expect(problem).toHaveText('the hour (2nd field, "5-1") takes 0–23: range 5-1 runs backwards; write 1-5, or 5-23,0-1 to wrap around');
  await expect(panel.locator("[data-cron-field][data-wrong]")).toHaveText(["5-1 hour"]);

  // Both day fields set: valid, with a note that it fires on days matching either, and a
  // preview that shows it (the Fridays, and Wednesday the 1st).
  await cron.fill("0 9 1 * 5");
  await expect(problem).toHaveCount(0);
  await expect(panel.getByTestId("cron-note")).toHaveText('Both the day of month ("1") and the day of week ("5") are set, so this fires on every day that matches either one, not only on days that match both.');
  await expect(preview.getByRole("listitem")).toHaveText(["Wed 1 Apr 2026, 09:00", "Fri 3 Apr 2026, 09:00", "Fri 10 Apr 2026, 09:00"]);
  await cron.fill("0 9 1 * *");
  await expect(panel.getByTestId("cron-note")).toHaveCount(0);
  // A day field starting with * counts as unrestricted (crontab(5)): both must match, so */2 with
  // Monday is the Mondays that are odd days — not 30 March or 6 April, nor every odd day.
  await cron.fill("0 9 */2 * 1");
  await expect(panel.getByTestId("cron-note")).toHaveText('The day of month ("*/2") starts with *, so, as in cron, this fires only on days that match both the day of month ("*/2") and the day of week ("1").');
  await expect(preview.getByRole("listitem")).toHaveText(["Mon 13 Apr 2026, 09:00", "Mon 27 Apr 2026, 09:00", "Mon 11 May 2026, 09:00"]);

  // Typed key by key: the message follows each keystroke, and @daily ends valid.
  await cron.fill("");
  await cron.pressSequentially("@reboot");
  await expect(problem).toContainText('"@reboot" runs once when a machine starts');
  await cron.fill("");
  await cron.pressSequentially("@daily");
  await expect(problem).toHaveCount(0);
  await expect(cron).toHaveAttribute("aria-invalid", "false");
  await expect(preview.getByRole("listitem")).toHaveText(["Sun 29 Mar 2026, 00:00", "Mon 30 Mar 2026, 00:00", "Tue 31 Mar 2026, 00:00"]);

  // A preset fills in its cron; the preview follows the time zone.
  await panel.getByLabel("Schedule").selectOption({ label: "Every day at 08:00" });
  await expect(cron).toHaveValue("0 8 * * *");
  await expect(preview.getByRole("listitem")).toHaveText(["Sun 29 Mar 2026, 08:00", "Mon 30 Mar 2026, 08:00", "Tue 31 Mar 2026, 08:00"]);
  await panel.getByLabel("Time zone").fill("America/New_York");
  await expect(preview).toContainText("Next runs (America/New_York)");
  await expect(preview.getByRole("listitem")).toHaveText(["Sun 29 Mar 2026, 08:00", "Mon 30 Mar 2026, 08:00", "Tue 31 Mar 2026, 08:00"]);
  await panel.getByLabel("Time zone").fill("Europe/Berlin");
  await cron.fill("@daily");

  // Saved as typed, and going Live takes it.
  await expect(page.getByText("All changes saved")).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/workflows/${wf.id}`)).json()) as { steps: { config: { cron: string } }[] };
  expect(saved.steps[0].config.cron).toBe("@daily");
  expect((await page.request.post(`/api/v1/workflows/${wf.id}/live`)).status()).toBe(200);
});

// The preview counts from now, which moves: left open, it follows the minutes, and after Go live
// its first time is the first the worker runs (Live counts from that moment), not a minute gone.
test("the next runs follow the clock and start after the moment of Go live", async ({ page }) => {
  const tag = randomBytes(3).toString("hex");
  await createProviderOwner(`Cron clock MSP ${tag}`, `owner-${tag}@example.test`, "cron-pw-1");
  await signIn(page, `owner-${tag}@example.test`, "cron-pw-1");
  const { workspaces } = (await (await page.request.get("/api/v1/workspaces")).json()) as { workspaces: { id: string }[] };
  const ws = workspaces[0].id;
  const wf = (await (
    await page.request.post(`/api/v1/workspaces/${ws}/workflows`, {
      data: { name: "Every minute", steps: [{ kind: "scheduler", config: { cron: "* * * * *", timezone: "UTC" } }, { kind: "code", config: { code: "return {}" } }] },
    })
  ).json()) as { id: string };
  await page.clock.install({ time: new Date("2026-12-01T12:00:05Z") });
  await page.goto(`/w/${ws}/workflows/${wf.id}`);
  await page.getByTestId("step-node-1").click();
  const items = page.getByTestId("step-panel").getByTestId("cron-preview").getByRole("listitem");
  await expect(items).toHaveText(["Tue 1 Dec 2026, 12:01", "Tue 1 Dec 2026, 12:02", "Tue 1 Dec 2026, 12:03"]);

  // Later within the minute (no minute timer has fired yet), then Go live: the mode change alone
  // recounts from the moment of going Live.
  await page.clock.setSystemTime(new Date("2026-12-01T12:01:10Z"));
  await page.getByRole("button", { name: "Go live" }).first().click();
  await expect(items).toHaveText(["Tue 1 Dec 2026, 12:02", "Tue 1 Dec 2026, 12:03", "Tue 1 Dec 2026, 12:04"]);

  // Left open: the next minute's timer moves it on.
  await page.clock.fastForward("01:00");
  await expect(items.first()).toHaveText("Tue 1 Dec 2026, 12:03");
});
