// A technician pastes a sample payload as Testing data and reads runs in the Executions panel:
// objects must read back with their keys in the order they were written — the sender's order
// for a delivery, the step's for its output, the technician's for Testing data — not
// PostgreSQL jsonb's (shorter keys first), which scrambled every payload on reload.
import { describe, expect, it } from "vitest";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

// jsonb would give lastName, firstName, department, managerEmail (by length).
const newHire = { firstName: "Ada", lastName: "Lovelace", department: "Engineering", managerEmail: "boss@example.com", address: { street: "1 Main St", city: "Springfield" } };
const keysOf = (v: unknown) => Object.keys(v as object);

describe("JSON key order", () => {
  it("is kept for Testing data, a delivery's trigger and step outputs", async () => {
    const steps = [
      { id: "hook", kind: "webhook", name: "New hire", config: { testingData: newHire } },
      { id: "code", kind: "code", name: "Shape", config: { code: "return { userPrincipalName: 'ada@x', id: 7, displayName: 'Ada', mail: 'ada@x' };" } },
    ];
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "key order", steps });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;

    const read = await api.get(`/api/v1/workflows/${id}`);
    const testingData = (read.body.steps as { config: { testingData: Json } }[])[0].config.testingData;
    expect(keysOf(testingData)).toEqual(keysOf(newHire));
    expect(keysOf((testingData as { address: Json }).address)).toEqual(["street", "city"]);

    const url = (await api.post(`/api/v1/workflows/${id}/live`)).body.webhookUrl as string;
    const delivered = { zulu: 1, alpha: { yankee: true, bravo: false }, mike: [{ sierra: 1, echo: 2 }] };
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(delivered) });
    expect(res.status).toBe(202);
    const run = await eventually(async () => {
      const list = await api.get(`/api/v1/workflows/${id}/runs`);
      const first = (list.body.runs as { id: string; status: string }[])[0];
      if (!first || first.status !== "succeeded") return null;
      return (await api.get(`/api/v1/runs/${first.id}`)).body;
    }, 20_000, "the delivery's run to succeed");

    // Exactly as posted, nested objects and objects in arrays included.
    expect(JSON.stringify(run.trigger)).toBe(JSON.stringify(delivered));
    const [hook, code] = run.steps as { output: Json }[];
    expect(JSON.stringify(hook.output)).toBe(JSON.stringify(delivered));
    expect(keysOf(code.output)).toEqual(["userPrincipalName", "id", "displayName", "mail"]);
  });
});
