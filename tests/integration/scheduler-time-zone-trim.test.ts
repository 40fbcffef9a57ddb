// A Scheduler's time zone typed or pasted with spaces around it (" Europe/London ") is the zone it
// names: saved trimmed, and the workflow goes Live on it. It was refused with "must be an IANA
// time zone such as UTC or Europe/Berlin", which the zone plainly is.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "@/tests/helpers/api-server";

afterAll(() => db().$disconnect());
const server = startTestServer();

describe("a Scheduler time zone with spaces around it", () => {
  it("is saved trimmed by PUT, and the workflow goes Live on it", async () => {
    const { api, t } = server;
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Nightly", steps: [{ kind: "scheduler", config: { cron: "0 2 * * *" } }, { kind: "code", config: { code: "return {}" } }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const steps = made.body.steps.map((s: { id: string; kind: string; config: object }, i: number) => (i === 0 ? { ...s, config: { cron: "0 2 * * *", timezone: " Europe/London " } } : s));

    const saved = await api.put(`/api/v1/workflows/${made.body.id}`, { name: "Nightly", steps });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.steps[0].config).toMatchObject({ cron: "0 2 * * *", timezone: "Europe/London" });
    expect((await api.get(`/api/v1/workflows/${made.body.id}`)).body.steps[0].config.timezone).toBe("Europe/London");
    const stored = await db().workflow.findUniqueOrThrow({ where: { id: made.body.id } });
    expect((stored.steps as { config: { timezone: string } }[])[0].config.timezone).toBe("Europe/London");

    const live = await api.post(`/api/v1/workflows/${made.body.id}/live`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  });

  it("is saved trimmed when the workflow is created with it", async () => {
    const { api, t } = server;
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Weekly", steps: [{ kind: "scheduler", config: { preset: "weekly-monday-0800", timezone: "\tAmerica/New_York  " } }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.steps[0].config.timezone).toBe("America/New_York");
  });

  it("spaces alone are still no time zone", async () => {
    const { api, t } = server;
    const made = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Blank", steps: [{ kind: "scheduler", config: { cron: "0 2 * * *", timezone: "   " } }] });
    expect(made.status).toBe(400);
    expect(made.body).toMatchObject({ error: "invalid_workflow", message: "step 1 (Scheduler): timezone: must be an IANA time zone such as UTC or Europe/Berlin", field: "timezone" });
  });
});
