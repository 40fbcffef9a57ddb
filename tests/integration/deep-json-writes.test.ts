// JSON nested as deep as a delivery may be (512 levels, the intake's bound) is stored wherever the
// management API writes it — a workflow's Testing data on create and update, an HTTP step's JSON
// body, the test run made from it — and runs; deeper is a 400 naming where. Prisma's query
// compiler parsed such values with serde_json's 128-level limit and answered 500 from 120 levels
// on (lib/db/to-json-field.ts).
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

/** `levels` arrays, one inside the other, around a marker. */
const nested = (levels: number) => JSON.parse(`${"[".repeat(levels)}"core"${"]".repeat(levels)}`);

describe("deeply nested JSON in the management API", () => {
  it("Testing data 500 levels deep is created, read back, updated, and runs as step 1's output", async () => {
    const deep = nested(500);
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Deep", steps: [{ kind: "webhook", config: { testingData: { deep } } }] });
    expect(created.status).toBe(201);
    const read = await api.get(`/api/v1/workflows/${created.body.id}`);
    expect(read.body.steps[0].config.testingData).toEqual({ deep });

    const deeper = nested(505);
    const updated = await api.put(`/api/v1/workflows/${created.body.id}`, {
      name: "Deep",
      steps: [
        { ...read.body.steps[0], config: { testingData: { deep: deeper } } },
        { kind: "http", config: { method: "POST", url: "https://example.test/x", body: { type: "json", json: nested(300) } } },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.steps[1].config.body.json).toEqual(nested(300));

    const test = await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`);
    expect(test.status).toBe(201);
    const run = await eventually(async () => {
      const r = await api.get(`/api/v1/runs/${test.body.run.id}`);
      return r.body.status === "succeeded" ? r.body : null;
    }, 30_000, "the test run");
    expect(run.trigger).toEqual({ deep: deeper });
    expect(run.steps[0].output).toEqual({ deep: deeper });
  });

  it("deeper than 512 levels is a 400 naming where, not a 500", async () => {
    const r = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Too deep", steps: [{ kind: "webhook", config: { testingData: nested(600) } }] });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", message: expect.stringMatching(/^steps\.0\.config\.testingData\.0\.0.*is nested deeper than 512 levels/) });
  });
});
