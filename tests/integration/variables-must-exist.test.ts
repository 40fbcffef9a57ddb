// A page's row acts on a key it saw: with `If-Match: *` a PUT only changes a key that exists, so
// Empty or Make secret on a key deleted elsewhere meanwhile does not bring it back (as a plain
// variable, or an empty secret) — 412 variable_not_found, nothing created, nothing audited.
// And a read sent back (`hasValue: true`, no value) keeps a plain variable's value as it keeps a
// secret's (docs/push-and-workspace-resources.md), instead of emptying it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTenancyServer } from "../helpers/tenancy-server";

const t = startTenancyServer();

const base = () => `/api/v1/workspaces/${t.provider.id}/variables`;
const putIfExists = async (key: string, body: unknown) => {
  const res = await fetch(`${t.web.baseUrl}${base()}/${key}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${t.users.tech.token}`, "content-type": "application/json", "if-match": "*" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const created = (key: string) => db().auditEvent.count({ where: { workspaceId: t.provider.id, action: "variable_created", details: { path: ["key"], equals: key } } });

describe("If-Match: * (change only)", () => {
  it("a deleted key is not brought back by Empty or Make secret: 412 variable_not_found", async () => {
    expect((await t.tech.put(`${base()}/GONE_KEY`, { value: "old" })).status).toBe(201);
    expect((await t.tech.del(`${base()}/GONE_KEY`)).status).toBe(204);

    for (const body of [{ value: null }, { secret: true, hasValue: true }, { secret: false, value: "typed" }, { value: "new" }]) {
      const put = await putIfExists("GONE_KEY", body);
      expect(put.status, JSON.stringify(body)).toBe(412);
      expect(put.body.error).toBe("variable_not_found");
    }
    expect((await t.viewer.get(base())).body.variables.map((v: { key: string }) => v.key)).not.toContain("GONE_KEY");
    expect(await created("GONE_KEY")).toBe(1);
  });

  it("a key that exists is changed as without it", async () => {
    expect((await t.tech.put(`${base()}/KEPT_KEY`, { value: "v1" })).status).toBe(201);
    const put = await putIfExists("KEPT_KEY", { secret: true, hasValue: true });
    expect(put).toEqual({ status: 200, body: { variable: { key: "KEPT_KEY", secret: true, hasValue: true, updatedAt: expect.any(String) } } });
    expect((await putIfExists("KEPT_KEY", { value: null })).body.variable).toMatchObject({ secret: true, hasValue: false });
  });
});

describe("hasValue: true without a value keeps a plain variable's value", () => {
  it("a plain variable's read sent back keeps its value, kind unchanged or said", async () => {
    expect((await t.tech.put(`${base()}/PLAIN_ECHO`, { value: "https://a.example" })).status).toBe(201);
    expect((await t.tech.put(`${base()}/PLAIN_ECHO`, { hasValue: true })).body.variable).toMatchObject({ secret: false, hasValue: true, value: "https://a.example" });
    expect((await t.tech.put(`${base()}/PLAIN_ECHO`, { secret: false, hasValue: true })).body.variable).toMatchObject({ secret: false, hasValue: true, value: "https://a.example" });
    const list = await t.viewer.get(base());
    expect(list.body.variables).toContainEqual(expect.objectContaining({ key: "PLAIN_ECHO", secret: false, hasValue: true, value: "https://a.example" }));
    // Without hasValue, an absent value still empties it.
    expect((await t.tech.put(`${base()}/PLAIN_ECHO`, {})).body.variable).toMatchObject({ hasValue: false, value: null });
  });
});
