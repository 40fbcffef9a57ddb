// The first owner: without SEED_OWNER_PASSWORD a generated first password, to be replaced.
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";

describe("seedOwnerFromEnv", () => {
  it("without SEED_OWNER_PASSWORD generates a first password per database, to be changed at the first sign-in", () => {
    const source: NodeJS.ProcessEnv = { NODE_ENV: "test" };
    const first = seedOwnerFromEnv(loadEnv(source));
    const second = seedOwnerFromEnv(loadEnv(source));
    expect(first).toMatchObject({ email: "owner@example.com", mustChangePassword: true });
    // Nobody can know it in advance: no public default, a new one for every seed.
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(second.password).not.toBe(first.password);
    expect(first.password).not.toBe("change-me-now");
  });

  it("keeps a password the operator chose", () => {
    const source: NodeJS.ProcessEnv = { NODE_ENV: "test", SEED_OWNER_EMAIL: "it@msp.example", SEED_OWNER_PASSWORD: "a-long-chosen-one" };
    expect(seedOwnerFromEnv(loadEnv(source))).toEqual({ email: "it@msp.example", password: "a-long-chosen-one", mustChangePassword: false });
  });

  // As in the app (POST /api/v1/auth/password): blanks pass a length check but are no password.
  it("refuses a chosen password of only spaces or too short, naming the setting and not echoing it", () => {
    for (const [password, message] of [
      ["        ", "SEED_OWNER_PASSWORD: must not be only spaces"],
      ["\t \n \t \n \u00a0 ", "SEED_OWNER_PASSWORD: must not be only spaces"],
      ["short", "SEED_OWNER_PASSWORD: must be at least 8 characters"],
    ]) {
      expect(() => loadEnv({ NODE_ENV: "test", SEED_OWNER_PASSWORD: password })).toThrow(message);
    }
    // Spaces around other characters are part of the password, as typed.
    expect(loadEnv({ NODE_ENV: "test", SEED_OWNER_PASSWORD: "  a b c d  " }).SEED_OWNER_PASSWORD).toBe("  a b c d  ");
  });
});
