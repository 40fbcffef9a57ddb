// A re-push while the client deletes its copy: the push read the copy's link, then found the
// copy's row gone when it came to lock it. It answered 500 (Prisma's "record not found" on the
// update); it must say what happened, push nothing, and leave a later push free to send a new copy.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { deleteDuring } from "../helpers/lock-waits";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

describe("a re-push racing the client's delete of its copy", () => {
  it("answers 409 copy_deleted, pushes nothing, and the next push sends a new copy", async () => {
    const source = await t.createSource("Race report", [{ id: "hook", kind: "webhook", config: {} }]);
    const first = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(first.status).toBe(201);
    const copyId: string = first.body.copy.id;

    // The client's delete holds the copy's row while the re-push reaches its lock on it.
    const res = await deleteDuring("Workflow", copyId, () => t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("copy_deleted");
    expect(res.body.message).toContain("Client A deleted its copy");
    expect(await db().workflow.count({ where: { workspaceId: t.clientA.id, name: "Race report" } })).toBe(0);

    const again = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(again.status).toBe(201);
    expect(again.body.created).toBe(true);
  });
});
