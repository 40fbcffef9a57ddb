// A stored secret value the current SECRET_KEY cannot decrypt is logged for what it is (naming the
// workspace and key, never a value) instead of passing silently as "value missing", which had
// operators re-entering values the API showed as set.
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log";
import { encryptSecret } from "@/lib/secrets/crypto";
import { loadWorkspaceValues } from "@/lib/variables/load-workspace-values";

afterAll(async () => {
  await db().$disconnect();
});

describe("loading a secret that cannot be decrypted", () => {
  it("logs a warning naming the workspace and key, and still loads the rest", async () => {
    const ws = await db().workspace.create({ data: { name: "Damaged", kind: "provider" } });
    const [v, iv, , ct] = encryptSecret("s3cret-value").split(":");
    const otherTag = Buffer.alloc(16, 7).toString("base64url"); // as if sealed under another key
    await db().variable.createMany({
      data: [
        { workspaceId: ws.id, key: "APIKEY", secret: true, valueEncrypted: [v, iv, otherTag, ct].join(":") },
        { workspaceId: ws.id, key: "GOOD", secret: true, valueEncrypted: encryptSecret("fine-value") },
      ],
    });
    const warn = vi.spyOn(logger(), "warn");
    try {
      const values = (await loadWorkspaceValues({ workspaceIds: [ws.id] })).get(ws.id)!;
      expect(values.secrets).toEqual({ APIKEY: null, GOOD: "fine-value" });
      expect(values.unreadableSecrets).toEqual(["APIKEY"]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ workspaceId: ws.id, keys: ["APIKEY"] }),
        "stored secret cannot be decrypted with the current SECRET_KEY",
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(ct);
    } finally {
      warn.mockRestore();
    }
  });
});
