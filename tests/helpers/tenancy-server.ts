// The real web server and tenancy (createPushTenancy: a provider with two clients, their users)
// that an integration file about workspace resources, blueprints or the audit log starts before
// its tests and stops after, with the API clients its tests act as: the provider's editor (tech)
// and viewer, each client's owner. startPushServer without a worker or fakes, plus the viewer.
// Read it inside tests, once beforeAll has run; a file's own beforeAll runs after it.
import { beforeAll } from "vitest";
import type { ApiClient } from "./api-fixtures";
import { startPushServer, type PushServer } from "./push-fixtures";

export type TenancyServer = PushServer & { viewer: ApiClient };

export function startTenancyServer(): TenancyServer {
  const ctx = startPushServer() as TenancyServer;
  beforeAll(() => {
    ctx.viewer = ctx.api(ctx.users.providerViewer);
  });
  return ctx;
}
