// The note naming a misspelt key that replaced a required one, next to "is required".
import { describe, expect, it } from "vitest";
import { z } from "@/lib/z";
import { findMisspeltKey, misspeltFieldNote } from "@/lib/api/misspelt-field";
import { errorResponse, readJson } from "@/lib/api/handler";

const issueOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("parsed");
  return r.error.issues[0];
};

describe("misspeltFieldNote", () => {
  const headers = z.object({ headers: z.array(z.object({ name: z.string(), value: z.string() })) });

  it("names a transposed, dropped or case-changed key beside the missing one, at any depth", () => {
    const input = { headers: [{ name: "a", value: "b" }, { name: "c", vaule: "d" }] };
    expect(misspeltFieldNote(issueOf(headers, input), input)).toBe(" (headers.1.vaule is not a field: did you mean value?)");
    expect(findMisspeltKey(issueOf(z.strictObject({ token: z.string() }), { tokne: "x" }), { tokne: "x" })).toEqual(["tokne"]);
    expect(findMisspeltKey(issueOf(z.object({ clientSecret: z.string() }), { clientsecret: "x" }), { clientsecret: "x" })).toEqual(["clientsecret"]);
    expect(findMisspeltKey(issueOf(z.object({ password: z.string() }), { pasword: "x" }), { pasword: "x" })).toEqual(["pasword"]);
  });

  it("puts the caller's prefix before the path", () => {
    const input = { tokne: "x" };
    expect(misspeltFieldNote(issueOf(z.object({ token: z.string() }), input), input, ["credentials"])).toBe(" (credentials.tokne is not a field: did you mean token?)");
  });

  it("says nothing for an unrelated key, a wrong type, or a short name two letters away", () => {
    const input = { colour: "x" };
    expect(misspeltFieldNote(issueOf(z.object({ value: z.string() }), input), input)).toBe("");
    const wrongType = { value: 3, vaule: "x" };
    expect(misspeltFieldNote(issueOf(z.object({ value: z.string() }), wrongType), wrongType)).toBe("");
    expect(misspeltFieldNote(issueOf(z.object({ url: z.string() }), { id: "x" }), { id: "x" })).toBe("");
  });
});

describe("a route's body (readJson, errorResponse)", () => {
  const schema = z.object({ name: z.string(), value: z.string() });
  const send = (body: unknown) => readJson(new Request("http://x.test/", { method: "POST", body: JSON.stringify(body) }), schema).then(() => null, errorResponse);

  it("the 400 names both, in the message and the issues list", async () => {
    const res = (await send({ name: "a", vaule: "b" }))!;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("value: is required (vaule is not a field: did you mean value?)");
    expect(body.field).toBe("value");
    expect(body.issues).toEqual([{ path: "value", message: "is required (vaule is not a field: did you mean value?)" }]);
  });

  it("with nothing like it sent, only that it is required", async () => {
    expect((await (await send({ name: "a", colour: "b" }))!.json()).message).toBe("value: is required");
  });
});
