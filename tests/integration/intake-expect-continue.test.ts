// Expect: 100-continue on the production server's intake: a declared length over 1 MB is refused
// with 413 before the upload is invited (curl sends the header for large bodies by default);
// a delivery within the limit is invited (100 Continue) and then accepted as usual.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";

const server = startTestServer();

/** Sends the head only, and resolves with what the server has written when it first answers. */
function sendHead(path: string, headers: Record<string, string>): Promise<{ first: string; socket: net.Socket; more: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.web.port, "127.0.0.1");
    let buffered = "";
    let waiter: ((s: string) => void) | null = null;
    socket.on("data", (c) => {
      buffered += c.toString("latin1");
      if (waiter) {
        const w = waiter;
        waiter = null;
        w(buffered);
      }
    });
    socket.on("error", reject);
    socket.once("data", () => resolve({ first: buffered, socket, more: () => new Promise((r) => (waiter = r)) }));
    const lines = [`POST ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""];
    socket.write(lines.join("\r\n"));
  });
}

describe("Expect: 100-continue on /hooks", () => {
  it("refuses a declared length over 1 MB with 413 without inviting the body", async () => {
    const { first, socket } = await sendHead("/hooks/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { "content-type": "application/json", "content-length": "5000000", expect: "100-continue" });
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first).not.toMatch(/100 Continue/);
  });

  it("invites a delivery within the limit, then answers it", async () => {
    const body = JSON.stringify({ hello: "world" });
    const { first, socket, more } = await sendHead("/hooks/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", { "content-type": "application/json", "content-length": String(body.length), expect: "100-continue" });
    expect(first).toMatch(/^HTTP\/1\.1 100 Continue/);
    const answered = more();
    socket.write(body);
    expect(await answered).toMatch(/HTTP\/1\.1 202 /);
    socket.destroy();
  });
});
