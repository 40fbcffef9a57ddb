// A webhook's shared secret that cannot be decrypted (SECRET_KEY changed despite the start-up
// check, or a damaged value) is logged for what it is, naming the workflow, and the sender is
// asked to retry (503): the delivery is neither accepted unchecked nor refused as unsigned.
import { describe, expect, it } from "vitest";
import { createDeliveryHandler } from "@/lib/intake/handle-delivery";
import { readBody } from "@/lib/intake/read-body";

async function* body(text: string) {
  yield Buffer.from(text);
}

describe("intake with a shared secret it cannot decrypt", () => {
  it("answers 503 and logs that the stored secret cannot be decrypted with the current SECRET_KEY", async () => {
    const logged: { what: string; err: string }[] = [];
    const handle = createDeliveryHandler({
      lookup: async () => ({ endpointId: "ep1", workflowId: "wf-7", workspaceId: "ws1", stale: false, live: true, secretEncrypted: "v1:a:b:c", signatureHeader: null }),
      commit: async () => ({}),
      decrypt: () => {
        throw new Error("Unsupported state or unable to authenticate data");
      },
      onError: (what, e) => logged.push({ what, err: (e as Error).message }),
    });
    const r = await handle({ method: "POST", token: "t".repeat(43), headers: { "content-type": "application/json" }, readBody: (limit) => readBody(body("{}"), limit) });
    expect(r.status).toBe(503);
    expect(logged).toEqual([{ what: "stored secret cannot be decrypted with the current SECRET_KEY (workflow wf-7's shared secret; after npm run secret-key:rotate, restart this process with the new key)", err: "Unsupported state or unable to authenticate data" }]);
  });
});
