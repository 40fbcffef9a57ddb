// The first owner: forced to choose a password only when seeded with the public default.
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { seedOwnerFromEnv } from "@/lib/seed/seed-owner";

describe("seedOwnerFromEnv", () => {
  it("makes an owner seeded with the README's default password change it at the first sign-in", () => {
    const source: NodeJS.ProcessEnv = { NODE_ENV: "test" };
    expect(seedOwnerFromEnv(loadEnv(source))).toEqual({ email: "owner@example.com", password: "change-me-now", mustChangePassword: true });
  });

  it("keeps a password the operator chose", () => {
    const source: NodeJS.ProcessEnv = { NODE_ENV: "test", SEED_OWNER_EMAIL: "it@msp.example", SEED_OWNER_PASSWORD: "a-long-chosen-one" };
    expect(seedOwnerFromEnv(loadEnv(source))).toEqual({ email: "it@msp.example", password: "a-long-chosen-one", mustChangePassword: false });
  });
});
