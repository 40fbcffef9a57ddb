// End to end through web + worker: a pushed copy, once its client completed the review and went
// Live, runs on a real delivery against the client's own (fake) services with the client's own
// accounts, variables, secrets and files — and never touches the provider's.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";
import { eventually } from "../helpers/services";

const t = startPushServer({ worker: true, fakes: ["providerApi", "clientApi"] });

describe("a pushed workflow at the client", () => {
  it("runs with the client's accounts, values and files once Live", async () => {
    const p = t.provider.id;
    const ws = t.clientA.id;
    const { providerApi, clientApi } = t.fakes;
    const dirP = await createAccount(t.tech, p, "directory", "Provider Graph", { token: "provider-bearer-111" }, providerApi.url);
    const psaP = await createAccount(t.tech, p, "psa", "Provider PSA", { username: "prov", password: "provider-psa-222" }, providerApi.url);
    await t.tech.put(`/api/v1/workspaces/${p}/variables/TENANT`, { value: "provider-tenant", secret: false });
    await t.tech.put(`/api/v1/workspaces/${p}/variables/GRAPH_KEY`, { value: "provider-graph-key-333", secret: true });
    await t.putFile(p, "welcome.txt", "Provider text", t.users.tech);
    const source = await t.createSource("Onboard", [
      { id: "hook", kind: "webhook", config: { testingData: { firstName: "Provider Person" } } },
      { id: "user", kind: "http", config: { method: "POST", url: "/users", headers: [{ name: "x-tenant", value: "{{ vars.TENANT }}" }, { name: "x-key", value: "{{ secrets.GRAPH_KEY }}" }], body: { type: "json", json: { name: "{{ 1.firstName }}" } }, connectionId: dirP } },
      { id: "ticket", kind: "http", config: { method: "POST", url: "/tickets", body: { type: "raw", raw: "{{ files.welcome.txt }} {{ 1.firstName }}" }, connectionId: psaP } },
    ]);

    // The client: its own accounts on its own service, filled in through the review.
    await createAccount(t.adminA, ws, "directory", "Client Graph", { token: "client-bearer-aaa" }, clientApi.url);
    const psa1 = await createAccount(t.adminA, ws, "psa", "PSA one", { username: "cli", password: "client-psa-bbb" }, clientApi.url);
    await createAccount(t.adminA, ws, "psa", "PSA two", { username: "cli2", password: "client-psa-ccc" }, clientApi.url);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws, sampleData: "clear" });
    expect(pushed.status).toBe(201);
    const copy: Json = pushed.body.copy;
    await t.adminA.put(`/api/v1/workflows/${copy.id}/review/accounts/ticket`, { connectionId: psa1 });
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/TENANT`, { value: "client-a-tenant", secret: false });
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/GRAPH_KEY`, { value: "client-graph-key-ddd", secret: true });
    await t.putFile(ws, "welcome.txt", "Client text", t.users.adminA);
    await t.adminA.post(`/api/v1/workflows/${copy.id}/review/confirm`);
    const live = await t.adminA.post(`/api/v1/workflows/${copy.id}/live`);
    expect(live.status).toBe(200);

    const delivery = await fetch(live.body.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ firstName: "Dana" }) });
    expect(delivery.status).toBe(202);
    const run = await eventually(async () => {
      const r = await db().run.findFirst({ where: { workflowId: copy.id }, include: { steps: { orderBy: { number: "asc" } } } });
      return r && ["succeeded", "failed"].includes(r.status) ? r : null;
    }, 30_000, "the client's run to finish");
    expect(run.status, JSON.stringify(run.steps.map((s) => s.error))).toBe("succeeded");

    expect(providerApi.requests).toEqual([]);
    const [user, ticket] = clientApi.requests;
    expect(user).toMatchObject({ method: "POST", url: "/users" });
    expect(user.headers).toMatchObject({ authorization: "Bearer client-bearer-aaa", "x-tenant": "client-a-tenant", "x-key": "client-graph-key-ddd" });
    expect(JSON.parse(user.body)).toEqual({ name: "Dana" });
    expect(ticket.headers.authorization).toBe(`Basic ${Buffer.from("cli:client-psa-bbb").toString("base64")}`);
    expect(ticket.body).toBe("Client text Dana");
    // Outputs and logs carry no secret of the client.
    const stored = JSON.stringify(await db().runStep.findMany({ where: { runId: run.id } }));
    expect(stored).not.toMatch(/client-graph-key-ddd|client-bearer-aaa|client-psa-bbb/);
  });
});
