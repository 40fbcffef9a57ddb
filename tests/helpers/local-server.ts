// A throwaway node:http server on 127.0.0.1 for outbound-request tests; records requests.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** `bytes`: the body as received (a binary one is not UTF-8 text). */
export type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer };
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => unknown;

export async function startLocalServer(handler: Handler) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString("utf8");
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, bytes });
      Promise.resolve(handler(req, res, body)).catch((e: unknown) => {
        res.statusCode = 500;
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
