import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { decryptSecret } from "@/lib/secrets/crypto";
import { prepareSteps } from "@/lib/workflows/prepare-steps";

beforeAll(() => {
  // encryptSecret reads the key through lib/env (parsed lazily, on first use).
  process.env.SECRET_KEY = randomBytes(32).toString("hex");
});

describe("prepareSteps", () => {
  it("keeps given ids, generates missing ones, fills default names and config defaults", () => {
    const steps = prepareSteps({
      input: [
        { kind: "scheduler", config: { cron: "0 2 1 * *" } },
        { id: "my-step", kind: "http", name: "  Create user ", config: { url: "https://x.test" } },
      ],
    });
    expect(steps[0].id).toMatch(/^st_[A-Za-z0-9_-]{12}$/);
    expect(steps[0]).toMatchObject({ kind: "scheduler", name: "Scheduler", config: { cron: "0 2 1 * *", timezone: "UTC" } });
    expect(steps[1]).toMatchObject({ id: "my-step", name: "Create user", config: { url: "https://x.test", method: "GET", headers: [] } });
    const again = prepareSteps({ input: [{ kind: "scheduler", config: { cron: "* * * * *" } }] });
    expect(again[0].id).not.toBe(steps[0].id);
  });

  it("stores a new shared secret encrypted and never in the clear", () => {
    const [s] = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: "hunter2", signatureHeader: "X-Sig", testingData: { a: 1 } } }] });
    expect(s.config).not.toHaveProperty("sharedSecret");
    expect(JSON.stringify(s)).not.toContain("hunter2");
    expect(decryptSecret(s.config.sharedSecretEncrypted as string)).toBe("hunter2");
    expect(s.config).toMatchObject({ signatureHeader: "X-Sig", testingData: { a: 1 } });
  });

  it("keeps the stored secret when absent or echoed back as {set}, clears it on empty string", () => {
    const [before] = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: "s1" } }] });
    const kept = prepareSteps({ input: [{ id: "t", kind: "webhook", config: {} }], previous: [before] })[0];
    expect(kept.config.sharedSecretEncrypted).toBe(before.config.sharedSecretEncrypted);
    const echoed = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: { set: true } } }], previous: [before] })[0];
    expect(echoed.config.sharedSecretEncrypted).toBe(before.config.sharedSecretEncrypted);
    const cleared = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: "" } }], previous: [before] })[0];
    expect(cleared.config).not.toHaveProperty("sharedSecretEncrypted");
    const replaced = prepareSteps({ input: [{ id: "t2", kind: "webhook", config: {} }], previous: [before] })[0];
    expect(replaced.config).not.toHaveProperty("sharedSecretEncrypted");
  });

  it("ignores a client-supplied sharedSecretEncrypted", () => {
    const [s] = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecretEncrypted: "v1:planted" } }] });
    expect(s.config).not.toHaveProperty("sharedSecretEncrypted");
  });

  it("validates before storing", () => {
    expect(() => prepareSteps({ input: [{ kind: "http", config: {} }] })).toThrow(/^step 1 \(HTTP Request\): url: /);
  });
});
