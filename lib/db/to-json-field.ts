// Data for a Prisma Json field (a workflow's steps, a test run's trigger), written exactly as
// JSON.stringify writes it. Prisma copies a plain object key by key with assignment before it
// writes it, so a key "__proto__" — data like any other in a payload or Testing data, and kept
// by the intake, which writes its own SQL — set the copy's prototype and vanished: Test & Debug
// then ran on other data than a live delivery of the same payload. Prisma takes an object with
// toJSON as what toJSON returns, and a tagged "Raw" value as it is, without copying it.
// tests/integration/testing-data-proto-key.test.ts holds Prisma to this.
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export function toJsonField(value: unknown): Prisma.InputJsonValue {
  return { toJSON: () => ({ $type: "Raw", value }) } as unknown as Prisma.InputJsonValue;
}
