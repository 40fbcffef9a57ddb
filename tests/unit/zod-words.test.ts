// zod's default messages reach people through API errors and forms: in words, and a schema's own
// message is kept.
import { describe, expect, it } from "vitest";
import { z } from "@/lib/z";

const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("parsed");
  return r.error.issues[0].message;
};

describe("zod messages in words", () => {
  it("says what a field needs instead of zod's notation", () => {
    expect(message(z.object({ name: z.string() }), {})).toBe("is required");
    expect(message(z.string(), 5)).toBe("must be text");
    expect(message(z.number(), "5")).toBe("must be a number");
    expect(message(z.string().max(65_536), "x".repeat(65_537))).toBe("must be at most 65,536 characters");
    expect(message(z.string().min(1), "")).toBe("must not be empty");
    expect(message(z.string().min(8), "short")).toBe("must be at least 8 characters");
    expect(message(z.number().int().max(500), 501)).toBe("must be at most 500");
    expect(message(z.number().positive(), 0)).toBe("must be more than 0");
    expect(message(z.array(z.string()).min(1), [])).toBe("must have at least 1 item");
    expect(message(z.array(z.string()).max(2), ["a", "b", "c"])).toBe("must have at most 2 items");
    expect(message(z.url(), "not a url")).toBe("must be a URL such as https://example.com/path");
    expect(message(z.email(), "ann")).toBe("must be an e-mail address such as name@example.com");
    expect(message(z.enum(["owner", "editor", "viewer"]), "admin")).toBe('must be one of "owner", "editor", "viewer"');
    // zod's "Invalid input: expected record, received null" and "Invalid discriminator value.
    // Expected 'duration' | 'until'" reached API users in a workflow save.
    expect(message(z.record(z.string(), z.unknown()), null)).toBe("must be an object");
    const wait = z.discriminatedUnion("mode", [z.object({ mode: z.literal("duration") }), z.object({ mode: z.literal("until") })]);
    expect(message(wait, { mode: "later" })).toBe('must be one of "duration", "until"');
  });

  it("keeps a schema's own message", () => {
    expect(message(z.string().min(1, "give the workspace a name"), "")).toBe("give the workspace a name");
    expect(message(z.number({ error: "must be a number of seconds" }), "x")).toBe("must be a number of seconds");
  });
});
