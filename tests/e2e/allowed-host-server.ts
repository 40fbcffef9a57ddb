// A fake third party for a spec's HTTP steps: a node:http server on the one loopback address that
// playwright.config.ts lets HTTP steps reach (HTTP_ALLOWED_PRIVATE_RANGES); every other private
// address stays refused, as in production.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "@playwright/test";

export const ALLOWED_HOST = "127.0.0.77";

/** Serves `handler` on ALLOWED_HOST from before the spec's tests until after them. `url()`: its
 *  base URL (`http://127.0.0.77:<port>`), to read inside a test. */
export function serveOnAllowedHost(handler: RequestListener): { url: () => string } {
  let server: Server;
  test.beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, ALLOWED_HOST, resolve));
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: () => `http://${ALLOWED_HOST}:${(server.address() as AddressInfo).port}` };
}
