// Fake endpoint detection and response console (in the style of CrowdStrike/SentinelOne):
// hosts by id, and the network-containment ("isolate host") action.
import { randomUUID } from "node:crypto";
import { createRouter, FakeError, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type EdrHost = { id: string; hostname: string; containment: "normal" | "contained"; containedReason: string | null };
export type EdrFake = FakeServer & { state: { hosts: Map<string, EdrHost> }; host: (id: string) => EdrHost | undefined };

export async function startEdrFake(seed: { hosts?: { id: string; hostname: string }[] } = {}, opts?: FakeServerOptions): Promise<EdrFake> {
  const hosts = new Map((seed.hosts ?? []).map((h) => [h.id, { ...h, containment: "normal" as const, containedReason: null }] as [string, EdrHost]));
  const host = (id: string) => {
    const h = hosts.get(id);
    if (!h) throw new FakeError(404, `host ${id} not found`);
    return h;
  };
  const router = createRouter()
    .on("GET", "/api/v1/hosts/:id", (req) => ({ body: host(req.params.id) }))
    .on("POST", "/api/v1/hosts/:id/isolate", (req) => {
      const h = host(req.params.id);
      const b = (req.body ?? {}) as Record<string, unknown>;
      h.containment = "contained";
      h.containedReason = typeof b.comment === "string" ? b.comment : null;
      // Real consoles answer 202: containment is applied by the sensor moments later.
      return { status: 202, body: { actionId: randomUUID(), hostId: h.id, hostname: h.hostname, action: "contain", status: "pending" } };
    });
  const server = await startFakeServer("edr", router, opts);
  return { ...server, state: { hosts }, host: (id) => hosts.get(id) };
}
