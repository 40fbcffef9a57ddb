// Adding or renaming an app account at the same moment as someone else, to the same name: both
// checks found the name free, and the slower write hit the unique index and answered 500
// internal_error. One must win; every other must get the check's 409 name_taken, and one account
// keep the name. Several rounds of concurrent requests hit the race on the old code each run.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
const ROUNDS = 6;
const AT_ONCE = 6;
const account = (name: string) => ({ app: "rmm", name, authKind: "bearer", credentials: { token: "t" } });

describe("two writes of one account name at once", () => {
  it("concurrent adds: one 201, the rest 409 name_taken, one account", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Race add ${round}`;
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => t.tech.post(`/api/v1/workspaces/${t.provider.id}/connections`, account(name))));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.filter((a) => a.status === 500).map((a) => a.body))).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
      for (const a of answers.filter((a) => a.status === 409)) expect(a.body.error).toBe("name_taken");
      expect(await db().connection.count({ where: { workspaceId: t.provider.id, app: "rmm", name } })).toBe(1);
    }
  });

  it("concurrent renames: one 200, the rest 409 name_taken, one account of that name", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids: string[] = [];
      for (let i = 0; i < AT_ONCE; i++) {
        const res = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/connections`, account(`Rename ${round}.${i}`));
        expect(res.status).toBe(201);
        ids.push(res.body.connection.id);
      }
      const name = `Same ${round}`;
      const answers = await Promise.all(ids.map((id) => t.tech.patch(`/api/v1/connections/${id}`, { name })));
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.filter((a) => a.status === 500).map((a) => a.body))).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
      for (const a of answers.filter((a) => a.status === 409)) expect(a.body.error).toBe("name_taken");
      expect(await db().connection.count({ where: { workspaceId: t.provider.id, app: "rmm", name } })).toBe(1);
      expect(await db().connection.count({ where: { id: { in: ids } } })).toBe(AT_ONCE);
    }
  });
});
