// An HTTP step's response body, through the worker, against a local node:http receiver: text is
// read in the charset the response declares ("café" in Latin-1 came out "caf�"), an unknown
// charset as UTF-8, and JSON as UTF-8 whatever its label says (RFC 8259), a byte order mark
// ignored — as the intake reads deliveries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { runHttpStep, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const bodies: Record<string, [string, Buffer]> = {
      "/latin1": ["text/plain; charset=iso-8859-1", Buffer.from("café crème", "latin1")],
      "/cp1252": ["text/plain; charset=windows-1252", Buffer.from([0x80, 0x20, 0x35])],
      "/unknown-charset": ["text/plain; charset=x-no-such-charset", Buffer.from("café", "utf8")],
      "/json-latin1-label": ["application/json; charset=iso-8859-1", Buffer.from('{"name":"café"}', "utf8")],
      "/json-bom": ["application/json", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"café"}', "utf8")])],
    };
    const [type, bytes] = bodies[req.url ?? ""] ?? ["text/plain", Buffer.from("not found")];
    res.writeHead(200, { "content-type": type });
    res.end(bytes);
  });
});
afterAll(async () => {
  await server?.close();
});

describe("an HTTP step's response body", () => {
  const bodyOf = async (path: string) => (await runHttpStep({ url: `${server.url}${path}` })).step.output?.body;

  it("is read in the charset the response declares", async () => {
    expect(await bodyOf("/latin1")).toBe("café crème");
    expect(await bodyOf("/cp1252")).toBe("€ 5");
  }, 90_000);

  it("is read as UTF-8 when the charset is unknown, and JSON always is", async () => {
    expect(await bodyOf("/unknown-charset")).toBe("café");
    expect(await bodyOf("/json-latin1-label")).toEqual({ name: "café" });
    expect(await bodyOf("/json-bom")).toEqual({ name: "café" });
  }, 90_000);
});
