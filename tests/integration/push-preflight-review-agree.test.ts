// What the preflight counts and says about a client's keys is what the push does and what the
// copy's review then asks for. A key the workflow reads both as {{ vars.K }} and {{ secrets.K }}
// cannot be both: the push creates it once, as a variable, so the secret read is of the wrong
// kind, both in the preflight and in the review.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let sourceId: string;

beforeAll(async () => {
  const source = await t.createSource("Both ways", [
    { id: "hook", kind: "webhook", name: "Hook", config: {} },
    { id: "call", kind: "http", name: "Call", config: { method: "GET", url: "https://x.example/{{ vars.TENANT }}", headers: [{ name: "k", value: "{{ secrets.TENANT }}" }], connectionId: null } },
  ]);
  sourceId = source.id;
});

describe("a key read both as a variable and as a secret", () => {
  it("is planned, pushed and reviewed alike: created once as a variable, the secret read of the wrong kind", async () => {
    const pre = (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.variables).toEqual([
      { key: "TENANT", secret: false, status: "created_without_value" },
      { key: "TENANT", secret: true, status: "wrong_kind" },
    ]);
    const notes = pre.notes.join(" ");
    expect(notes).toContain("1 variable/secret key will be created in Client A without a value");
    expect(notes).toContain("TENANT is read both as a variable and as a secret");
    expect(notes).not.toContain("TENANT exists in Client A");
    expect(pre.attention).toBe(2);

    const pushed = await t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    expect(await db().variable.findMany({ where: { workspaceId: t.clientA.id }, select: { key: true, secret: true } })).toEqual([{ key: "TENANT", secret: false }]);
    const review = (await t.adminA.get(`/api/v1/workflows/${pushed.body.copy.id}/review`)).body;
    const keys = review.missing.filter((m: Json) => m.kind === "variable" || m.kind === "secret");
    expect(keys.map((m: Json) => [m.kind, m.state])).toEqual([["variable", "no_value"], ["secret", "wrong_kind"]]);
    expect(keys).toHaveLength(pre.attention);
    expect(keys[1].message).toBe("the workflow reads TENANT both as a variable and as a secret, and a key is one or the other: ask your provider to change the workflow");
  });
});
