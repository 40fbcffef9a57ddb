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

  it("keeps a stored secret only for the exact read echo; any other value there is refused by name, never dropped", () => {
    const [before] = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: "s1" } }] });
    const kept = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret: { set: false } } }], previous: [before] })[0];
    expect(kept.config.sharedSecretEncrypted).toBe(before.config.sharedSecretEncrypted);
    for (const sharedSecret of [{ set: "true" }, { set: 1 }, { value: "s2" }, { set: true, value: "s2" }, {}, null, 7, ["s2"]]) {
      const save = () => prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecret } }], previous: [before] });
      expect(save).toThrow(/^step 1 \(Webhook\): sharedSecret: must be the secret as text, "" for none, or exactly what a read returns/);
    }
  });

  it("ignores a client-supplied sharedSecretEncrypted", () => {
    const [s] = prepareSteps({ input: [{ id: "t", kind: "webhook", config: { sharedSecretEncrypted: "v1:planted" } }] });
    expect(s.config).not.toHaveProperty("sharedSecretEncrypted");
  });

  it("an id-less step takes the stored id at its position when the kind matches and the body does not name that id", () => {
    const previous = prepareSteps({
      input: [
        { id: "hook", kind: "webhook", config: { sharedSecret: "s1" } },
        { id: "a", kind: "http", config: { url: "https://a.test" } },
        { id: "b", kind: "http", config: { url: "https://b.test" } },
      ],
    });
    // A mixed body: some ids named, the trigger sent without one keeps its id (and so its secret).
    const mixed = prepareSteps({ input: [{ kind: "webhook", config: {} }, { id: "b", kind: "http", config: { url: "https://b.test" } }, { kind: "http", config: { url: "https://c.test" } }], previous });
    expect(mixed[0].id).toBe("hook");
    expect(mixed[0].config.sharedSecretEncrypted).toBe(previous[0].config.sharedSecretEncrypted);
    expect(mixed[1].id).toBe("b");
    // Position 3 held "b", which the body gives to another step: the id-less step there is new.
    expect(mixed[2].id).toMatch(/^st_/);
    // The stored id at a position is named by another step of the body (a move): a new id.
    const moved = prepareSteps({ input: [{ kind: "webhook", config: {} }, { kind: "http", config: { url: "https://x.test" } }, { id: "a", kind: "http", config: { url: "https://a.test" } }], previous });
    expect(moved.map((s) => s.id)).toEqual(["hook", expect.stringMatching(/^st_/), "a"]);
    // Another kind at the position: a new id.
    const other = prepareSteps({ input: [{ kind: "scheduler", config: { cron: "0 2 1 * *" } }], previous });
    expect(other[0].id).not.toBe("hook");
  });

  it("refuses an existing step id given to a step of another kind, naming the step", () => {
    const previous = prepareSteps({ input: [{ id: "hook", kind: "webhook", config: {} }, { id: "a", kind: "http", config: { url: "https://a.test" } }] });
    const save = () => prepareSteps({ input: [{ id: "new", kind: "webhook", config: {} }, { id: "hook", kind: "code", config: { code: "return 1" } }], previous });
    expect(save).toThrow(/^step 2 \(Code Execution\): id: hook is the id of a Webhook step; a step of another kind needs a new id/);
    try {
      save();
    } catch (e) {
      expect(e).toMatchObject({ status: 400, code: "invalid_workflow", details: { step: 2, stepId: "hook", field: "id" } });
    }
    // An id that is not stored yet, or kept with its kind, is fine.
    expect(prepareSteps({ input: [{ id: "hook", kind: "webhook", config: {} }, { id: "fresh", kind: "code", config: { code: "return 1" } }], previous })[1].id).toBe("fresh");
  });

  it("validates before storing", () => {
    expect(() => prepareSteps({ input: [{ kind: "http", config: {} }] })).toThrow(/^step 1 \(HTTP Request\): url: /);
  });
});
