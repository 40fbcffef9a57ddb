// The real web server and tenancy (createPushTenancy: a provider with two clients, their users)
// that an integration file about workspace resources, blueprints or the audit log starts before
// its tests and stops after, with the API clients its tests act as: the provider's editor (tech)
// and viewer, each client's owner. startTestServer's push tenancy without a worker or fakes.
// Read it inside tests, once beforeAll has run; a file's own beforeAll runs after it.
import { startTestServer, type PushServer } from "./api-server";

export type TenancyServer = PushServer;

export function startTenancyServer(): TenancyServer {
  return startTestServer({ tenancy: "push" });
}
