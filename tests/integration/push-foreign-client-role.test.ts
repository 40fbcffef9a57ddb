// A push to a client of another provider is refused for what it is — not one of this provider's
// own clients, 400 — even when the pusher happens to be a viewer there, where a 403 "needs the
// editor role" would suggest that a higher role would make it work. Preflight and push alike.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createUser, type ApiClient, type Json } from "../helpers/api-fixtures";
import { createSourceWorkflow, startPushServer } from "../helpers/push-fixtures";

const NOT_OWN_CLIENT = "a push goes from a provider workspace to exactly one of that provider's own client workspaces";

const t = startPushServer();
let pusher: ApiClient;
let source: Json;

beforeAll(async () => {
  source = await createSourceWorkflow(t.tech, t.provider.id);
  // An editor of this provider who is also a viewer in the other provider's client.
  const user = await createUser([
    { workspaceId: t.provider.id, role: "editor" },
    { workspaceId: t.otherClient.id, role: "viewer" },
  ]);
  pusher = apiClient(t.web.baseUrl, user.token);
});

describe("a push to another provider's client, where the pusher is a viewer", () => {
  it("preflight: 400 naming the rule, not 403 about the role", async () => {
    const r = await pusher.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.otherClient.id}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: NOT_OWN_CLIENT, field: "targetWorkspaceId" });
  });

  it("push: 400 naming the rule, and nothing is copied", async () => {
    const r = await pusher.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.otherClient.id, sampleData: "keep" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: NOT_OWN_CLIENT, field: "targetWorkspaceId" });
    expect(await db().workflowCopy.count({ where: { targetWorkspaceId: t.otherClient.id } })).toBe(0);
  });

  it("a client of another provider the pusher cannot see stays a 404", async () => {
    const stranger = await db().workspace.create({ data: { name: "Unseen client", kind: "client", providerId: t.other.id } });
    const r = await pusher.get(`/api/v1/workflows/${source.id}/push-preflight?target=${stranger.id}`);
    expect(r.status).toBe(404);
  });
});
