// A sign-in records its session only while the password it checked is still current: a change
// committed between the check and the write (start-browser-session.ts) leaves no live session.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { revokeSessions } from "@/lib/auth/revoke-sessions";
import { startBrowserSession } from "@/lib/auth/start-browser-session";
import { createPasswordUser } from "@/tests/helpers/auth-fixtures";

describe("startBrowserSession", () => {
  it("writes the session under the current session version, and nothing under an older one", async () => {
    const user = await createPasswordUser({ password: "start-pw-1" });
    const checkedAt = (await db().user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion;
    const live = await startBrowserSession({ userId: user.id, sessionVersion: checkedAt, userAgent: "ua", ipAddress: "203.0.113.9" });
    expect(await db().browserSession.findUnique({ where: { id: live! } })).toMatchObject({ userId: user.id, userAgent: "ua", ipAddress: "203.0.113.9" });
    // A password change (or sign out everywhere) lands after the check, before the write.
    await revokeSessions({ userId: user.id });
    expect(await startBrowserSession({ userId: user.id, sessionVersion: checkedAt, userAgent: "ua", ipAddress: null })).toBeNull();
    expect(await db().browserSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it("is never missed by a change running at the same moment", async () => {
    for (let i = 0; i < 10; i++) {
      const user = await createPasswordUser({ password: "start-pw-2" });
      const [id] = await Promise.all([startBrowserSession({ userId: user.id, sessionVersion: 0, userAgent: null, ipAddress: null }), revokeSessions({ userId: user.id })]);
      // Either the sign-in lost (null) or its row was there to be deleted: no session survives.
      expect(await db().browserSession.count({ where: { userId: user.id } })).toBe(0);
      if (id) expect(await db().browserSession.findUnique({ where: { id } })).toBeNull();
    }
  });
});
