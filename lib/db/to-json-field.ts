// Data for a Prisma Json field (a workflow's steps, a test run's trigger), written exactly as
// JSON.stringify writes it. Prisma copies a plain object key by key with assignment before it
// writes it, so a key "__proto__" — data like any other in a payload or Testing data, and kept
// by the intake, which writes its own SQL — set the copy's prototype and vanished: Test & Debug
// then ran on other data than a live delivery of the same payload. Prisma takes an object with
// toJSON as what toJSON returns, and a tagged "Json" value (JSON text) as it is, without copying
// it. Text, not a tagged "Raw" value: Prisma's query compiler parses a Raw value as part of the
// query document, with serde_json's limit of 128 levels, so Testing data nested 120 levels deep
// (a delivery may be 512) failed with "recursion limit exceeded", a 500.
// tests/integration/testing-data-proto-key.test.ts and deep-json-writes.test.ts hold Prisma to this.
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export function toJsonField(value: unknown): Prisma.InputJsonValue {
  return { toJSON: () => ({ $type: "Json", value: JSON.stringify(value) }) } as unknown as Prisma.InputJsonValue;
}
