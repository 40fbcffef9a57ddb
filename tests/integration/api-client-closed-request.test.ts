// A client that goes away while sending its body (a browser tab navigated away mid-save) is no
// fault of the server: the web server logs it as "client closed the request" (499) at info, not
// as an unexpected API error answered 500 at error level, which would page whoever watches the
// errors for every ordinary navigation.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenancy } from "@/tests/helpers/api-fixtures";
import { eventually, startWeb, type WebService } from "@/tests/helpers/services";

type Line = { level?: string; msg?: string; status?: number; err?: string };
const jsonLines = (text: string): Line[] =>
  text.split("\n").flatMap((l) => {
    try {
      return [JSON.parse(l) as Line];
    } catch {
      return []; // a partial line at the cut of the kept output
    }
  });

let web: WebService;
beforeAll(async () => {
  web = await startWeb();
});
afterAll(async () => {
  await web?.stop();
});

/** Sends the headers and half of a JSON body, then drops the connection. */
function abortMidBody(path: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(`${web.baseUrl}${path}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    req.on("error", () => resolve()); // our own destroy
    req.on("close", () => resolve());
    req.flushHeaders();
    req.write('{"value": "half of a bo', () => req.destroy());
  });
}

describe("a request the client abandons mid-body", () => {
  it("is logged at info as client closed the request (499), with no error-level line", async () => {
    const { providerA, editor } = await createTenancy();
    const before = jsonLines(web.output()).length;
    await abortMidBody(`/api/v1/workspaces/${providerA.id}/variables/HALF_SENT`, editor.token);

    const said = await eventually(async () => jsonLines(web.output()).slice(before).find((l) => /client closed the request|unexpected API error/.test(l.msg ?? "")), 20_000, "the server's line about the abandoned request");
    expect(said, web.output()).toMatchObject({ level: "info", status: 499, msg: expect.stringMatching(/^client closed the request/) });
    expect(jsonLines(web.output()).slice(before).filter((l) => l.level === "error" || l.level === "fatal"), web.output()).toEqual([]);

    // The server is no worse for it: the next request is answered as usual.
    const res = await fetch(`${web.baseUrl}/api/v1/workspaces/${providerA.id}/variables`, { headers: { authorization: `Bearer ${editor.token}` } });
    expect(res.status).toBe(200);
  });
});
