// A Code step that reads its variables with optional chaining or destructuring needs them in the
// client's workspace like one writing vars.KEY: the preflight lists them, the push creates them
// without a value and the client's review asks for each (found by QA: none of them were).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let sourceId: string;

const code = `const { TENANT, REGION: region = "eu" } = vars;
let {SITE, OWNER} = vars;
return { url: vars?.BASE_URL + vars?.["API_PATH"], TENANT, region, SITE, OWNER };`;

beforeAll(async () => {
  const source = await t.createSource("Code reads", [
    { id: "hook", kind: "webhook", name: "Hook", config: {} },
    { id: "code", kind: "code", name: "Build", config: { code, timeoutMs: 1000 } },
  ]);
  sourceId = source.id;
});

describe("variables a Code step reads with ?. and destructuring", () => {
  it("are listed by the preflight, created by the push and asked for in the review", async () => {
    const keys = ["API_PATH", "BASE_URL", "OWNER", "REGION", "SITE", "TENANT"];
    const pre = (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.variables).toEqual(keys.map((key) => ({ key, secret: false, status: "created_without_value" })));

    const pushed = await t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const rows = await db().variable.findMany({ where: { workspaceId: t.clientA.id }, select: { key: true, value: true }, orderBy: { key: "asc" } });
    expect(rows).toEqual(keys.map((key) => ({ key, value: null })));
    const review = (await t.adminA.get(`/api/v1/workflows/${pushed.body.copy.id}/review`)).body;
    expect(review.missing.filter((m: Json) => m.kind === "variable").map((m: Json) => [m.key, m.state])).toEqual(keys.map((k) => [k, "no_value"]));
  });
});
