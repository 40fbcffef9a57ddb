// A push accepts only the sample-data options its preflight offers for that target: `replace`
// only where the client's copy holds testing data of its own. Elsewhere it is a 400 naming the
// offered options, and nothing is pushed (the client's review would otherwise say the provider's
// sample data replaced the trigger's testing data, which never existed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { ApiClient } from "../helpers/api-fixtures";
import { createPushTenancy } from "../helpers/push-fixtures";
import { startWeb, type WebService } from "../helpers/services";

let web: WebService;
let t: Awaited<ReturnType<typeof createPushTenancy>>;
let tech: ApiClient;
let sourceId: string;

beforeAll(async () => {
  web = await startWeb();
  t = await createPushTenancy(web.baseUrl);
  tech = t.api(t.users.tech);
  const source = await tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
    name: "Sample data options",
    steps: [{ id: "hook", kind: "webhook", name: "Hook", config: { testingData: { from: "provider" } } }],
  });
  expect(source.status).toBe(201);
  sourceId = source.body.id;
});
afterAll(() => web?.stop());

const push = (sampleData: string) => tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientA.id, sampleData });

describe("POST /workflows/{id}/push sampleData", () => {
  it("refuses replace on a first push, naming the offered options, and pushes nothing", async () => {
    const pre = await tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${t.clientA.id}`);
    expect(pre.body.sampleData.options).toEqual(["keep", "clear"]);
    const r = await push("replace");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", options: ["keep", "clear"], message: expect.stringContaining("choose keep or clear") });
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: sourceId } })).toBe(0);
  });

  it("refuses replace on a re-push while the client has no testing data of its own", async () => {
    expect((await push("keep")).status).toBe(201);
    const r = await push("replace");
    expect(r.status).toBe(400);
    expect(r.body.options).toEqual(["keep", "clear"]);
    expect((await db().workflowCopy.findFirstOrThrow({ where: { sourceWorkflowId: sourceId } })).sampleData).toBe("keep");
  });
});
