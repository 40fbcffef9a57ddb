// Fake cloud-license distributor (in the style of Pax8 / a CSP portal): active subscription
// quantities per client tenant. Quantities are plain state so tests can create a variance.
import { createRouter, FakeError, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type Subscription = { sku: string; productName: string; quantity: number; status: "Active" | "Suspended" };
export type LicenseDistributorFake = FakeServer & { state: { tenants: Map<string, Subscription[]> } };

export async function startLicenseDistributorFake(seed: { tenants?: Record<string, Subscription[]> } = {}, opts?: FakeServerOptions): Promise<LicenseDistributorFake> {
  const tenants = new Map(Object.entries(structuredClone(seed.tenants ?? {})));
  const router = createRouter().on("GET", "/v1/tenants/:tenantId/subscriptions", (req) => {
    const subs = tenants.get(req.params.tenantId);
    if (!subs) throw new FakeError(404, `tenant ${req.params.tenantId} not found`);
    // ?status=Active and ?sku=A,B narrow the list; totalQuantity counts the seats listed.
    const status = req.query.status;
    const skus = req.query.sku ? req.query.sku.split(",").map((s) => s.trim()) : null;
    const list = subs.filter((s) => (!status || s.status.toLowerCase() === status.toLowerCase()) && (!skus || skus.includes(s.sku)));
    return { body: { tenantId: req.params.tenantId, subscriptions: list, totalQuantity: list.reduce((n, s) => n + s.quantity, 0) } };
  });
  const server = await startFakeServer("license-distributor", router, opts);
  return { ...server, state: { tenants } };
}
