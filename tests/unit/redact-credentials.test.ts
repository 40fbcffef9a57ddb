// Connection credentials are masked in the same forms as workspace secrets: a server that echoes
// an Authorization header lowercased, base64-encoded or URL-encoded must not put the credential
// into an output viewers read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactCredentials } from "@/lib/connections/redact-credentials";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

const SECRET = "Client-A-Secret";

describe("redactCredentials", () => {
  it("masks a credential as stored, in any letter case, base64 (both alphabets, padded or not), URL- and JSON-encoded", () => {
    const b64 = Buffer.from(SECRET).toString("base64");
    const value = {
      lower: `bearer ${SECRET.toLowerCase()}`,
      upper: SECRET.toUpperCase(),
      b64,
      unpadded: b64.replace(/=+$/, ""),
      url: Buffer.from(`${SECRET}??>`).toString("base64url"),
      encoded: encodeURIComponent(`${SECRET} x/y`),
      json: JSON.stringify(`"${SECRET}"`),
      [SECRET.toLowerCase()]: "as a key",
    };
    const masked = redactCredentials(value, [SECRET, `${SECRET}??>`, `${SECRET} x/y`, `"${SECRET}"`]);
    expect(JSON.stringify(masked).toLowerCase()).not.toContain(SECRET.toLowerCase());
    expect(JSON.stringify(masked)).not.toContain(b64.replace(/=+$/, ""));
    expect(masked).toMatchObject({ lower: "bearer ••••", upper: "••••", b64: "••••", unpadded: "••••", url: "••••", encoded: "••••", json: '"••••"', "••••": "as a key" });
  });
});

describe("an HTTP step whose server echoes the Authorization header transformed", () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      const auth = String(req.headers.authorization ?? "");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ lower: auth.toLowerCase(), upper: auth.toUpperCase(), url: encodeURIComponent(auth) }));
    });
  });
  afterAll(() => server?.close());

  it("records none of the bearer token's forms in the output", async () => {
    const ctx = makeContext({ kind: "http", config: { url: `${server.url}/echo`, connectionId: "c" } });
    const deps = memoryDeps([{ id: "c", authKind: "bearer", credentials: { token: "client-a-secret" } }]);
    const { output } = (await createHttpExecutor(deps)(ctx)) as { output: { body: Record<string, string> } };
    expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer client-a-secret");
    expect(output.body.lower).toBe("bearer ••••");
    expect(output.body.upper).toBe("BEARER ••••");
    expect(JSON.stringify(output)).not.toMatch(/client-a-secret/i);
  });
});
