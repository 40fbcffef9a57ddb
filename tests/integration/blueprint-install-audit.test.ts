// Installing a blueprint writes workspace variables: each write is in the audit log as the
// variables API records it (variable_created / variable_updated, key and kind, never the value),
// with an event for the install itself (blueprint, the workflow created), in the install's
// transaction — found by QA: an install filled a key a pushed copy was waiting on and created
// two more, and neither the client's nor the provider's log said so. The pushed copy's review
// then counts the filled key as done.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { ApiClient, Json } from "../helpers/api-fixtures";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();
let copyId: string;

const SETUP = { domain: "contoso-dental.com", clientName: "Contoso Dental", documentationOrganizationId: "ORG-7731" };
type Event = { action: string; actor: { id: string; email: string }; workflowId: string | null; workspaceId: string; details: Record<string, unknown> };
const log = async (api: ApiClient, ws: string): Promise<Event[]> => (await api.get(`/api/v1/workspaces/${ws}/audit?limit=500`)).body.events;
const install = (setup: unknown) => t.tech.post(`/api/v1/workspaces/${t.clientA.id}/blueprints/new-hire-provisioning`, { setup });

beforeAll(async () => {
  const source = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
    name: "Mailbox report",
    steps: [
      { id: "hook", kind: "webhook", name: "Hook", config: {} },
      { id: "code", kind: "code", name: "Address", config: { code: "return { address: `reports@${vars.CLIENT_DOMAIN}` };", timeoutMs: 1000 } },
    ],
  });
  expect(source.status, JSON.stringify(source.body)).toBe(201);
  const pushed = await t.tech.post(`/api/v1/workflows/${source.body.id}/push`, { targetWorkspaceId: t.clientA.id });
  expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
  copyId = pushed.body.copy.id;
});

const item = async (key: string) => (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.items.find((i: Json) => i.kind === "variable" && i.key === key);

describe("installing a blueprint records its variable writes and itself", () => {
  it("logs the key it filled, the keys it created and the install, in the client's and the provider's log, without values", async () => {
    expect(await item("CLIENT_DOMAIN")).toMatchObject({ state: "no_value", done: false });
    const res = await install(SETUP);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.blueprint.variables).toEqual([
      { key: "CLIENT_DOMAIN", status: "filled" },
      { key: "DOC_ORGANIZATION_ID", status: "created" },
      { key: "CLIENT_NAME", status: "created" },
    ]);

    for (const [api, ws] of [[t.adminA, t.clientA.id], [t.tech, t.provider.id]] as const) {
      const events = await log(api, ws);
      const mine = events.filter((e) => ["variable_created", "variable_updated", "blueprint_installed"].includes(e.action));
      expect(mine.map((e) => [e.action, e.details]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        ["blueprint_installed", { workflowName: "New-hire provisioning", blueprint: "new-hire-provisioning", blueprintTitle: expect.any(String), blueprintVersion: 3 }],
        ["variable_created", { key: "CLIENT_NAME", secret: false }],
        ["variable_created", { key: "DOC_ORGANIZATION_ID", secret: false }],
        ["variable_updated", { key: "CLIENT_DOMAIN", secret: false }],
      ]);
      for (const e of mine) expect(e).toMatchObject({ workspaceId: t.clientA.id, actor: { id: t.users.tech.id } });
      expect(mine.find((e) => e.action === "blueprint_installed")?.workflowId).toBe(res.body.id);
      const text = JSON.stringify(events);
      for (const value of Object.values(SETUP)) expect(text).not.toContain(value);
    }

    // The pushed copy was waiting on CLIENT_DOMAIN: its review now counts it as done.
    expect(await item("CLIENT_DOMAIN")).toMatchObject({ state: "ok", done: true });
    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.missing.filter((m: Json) => m.kind === "variable")).toEqual([]);
  });

  it("logs only the install when it writes no variable, and nothing when it is refused", async () => {
    const count = () => db().auditEvent.count({ where: { workspaceId: t.clientA.id } });
    const before = await count();
    const refused = await install({ ...SETUP, domain: "not a domain" });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);

    const again = await install({ ...SETUP, clientName: "Contoso Dental Group" });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.blueprint.variables.map((v: Json) => v.status)).toEqual(["kept", "kept", "kept"]);
    const added = (await log(t.adminA, t.clientA.id)).slice(0, (await count()) - before);
    expect(added.map((e) => [e.action, e.workflowId])).toEqual([["blueprint_installed", again.body.id]]);
  });
});
