// A Code step's `steps[9]` in a 3-step workflow (or a read of a later step, or of itself) was saved
// without a word and failed when run: "code step failed: TypeError: Cannot read properties of
// undefined (reading 'x') (line 1)". It is now held to the rules of {{ 9.x }}: the save is a 400
// naming the step, the field and the read, and a workflow stored before the check cannot go Live.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const steps = (code: string) => [
  { id: "t", kind: "webhook", name: "Webhook", config: {} },
  { id: "c", kind: "code", name: "Read", config: { code } },
  { id: "p", kind: "parse_json", name: "Parse", config: { input: "{{ 1.raw }}" } },
];
const create = (code: string) => api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Code reads", steps: steps(code) });

describe("a Code step's steps[n] read of a step it cannot read", () => {
  it("is refused at save like {{ 9.x }}, naming the step, field and read", async () => {
    const missing = await create("return { x: steps[9].x };");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: "invalid_workflow",
      step: 2,
      stepId: "c",
      field: "code",
      message: "step 2 (Code Execution): code: steps[9] refers to step 9, which does not exist (the workflow has 3 steps)",
    });
    // The same words as the reference in a template field.
    const template = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "Template",
      steps: [steps("")[0], { id: "q", kind: "parse_json", name: "Parse", config: { input: "{{ 9.x }}" } }, steps("")[2]],
    });
    expect(template.body.message).toBe("step 2 (Parse JSON): input: {{ 9.x }} refers to step 9, which does not exist (the workflow has 3 steps)");

    expect((await create("return steps['3'].status;")).body.message).toBe("step 2 (Code Execution): code: steps[3] refers to step 3, which comes after step 2");
    expect((await create("return steps?.[2];")).body.message).toBe("step 2 (Code Execution): code: steps[2] refers to step 2 itself; a step can only read earlier steps");
  });

  it("a read of an earlier step, or steps[9] in a comment or a string, is saved", async () => {
    const ok = await create("// steps[9] is not a read\nreturn { x: steps[1].x, note: 'steps[9]' };");
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const put = await api.put(`/api/v1/workflows/${ok.body.id}`, { name: ok.body.name, steps: steps("return steps[4].x;") });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe("step 2 (Code Execution): code: steps[4] refers to step 4, which does not exist (the workflow has 3 steps)");
  });

  it("a workflow stored with such a read before the check cannot go Live", async () => {
    const wf = await db().workflow.create({ data: { workspaceId: t.providerA.id, name: "Stored before", steps: steps("return { x: steps[9].x };") } });
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({ error: "invalid_workflow", stepId: "c", field: "code", message: expect.stringContaining("steps[9] refers to step 9, which does not exist") });
    expect((await db().workflow.findUniqueOrThrow({ where: { id: wf.id } })).mode).toBe("draft");
  });
});
