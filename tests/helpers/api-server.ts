// The usual start of an integration test file that talks to the real server, in one line:
//   const { t, api, web } = startTestServer({ worker: true });
// pg-boss's queues (as `npm start` creates them before the web process starts), the production
// web server — a worker too where the file's runs must execute, and the fake services it names —
// and a fresh tenancy with the API clients of its users; all started before the file's tests and
// stopped after. startPushServer (push-fixtures.ts) and startTenancyServer (tenancy-server.ts)
// are this with the push tenancy; startApiServer is the same start without the hooks.
import { afterAll, beforeAll, expect } from "vitest";
import { databaseUrl } from "@/lib/env";
import { ensureQueues } from "@/lib/jobs/boss";
import { apiClient, createPushTenancy, createTenancy, type ApiClient, type Json } from "./api-fixtures";
import { startLocalServer, type Handler } from "./local-server";
import { startWeb, startWorker, type Service, type WebService } from "./services";

export type Tenancy = Awaited<ReturnType<typeof createTenancy>>;
export type PushTenancy = Awaited<ReturnType<typeof createPushTenancy>>;
export type FakeService = Awaited<ReturnType<typeof startLocalServer>>;
type User = { token: string };

/** The processes alone (`tenancy: "none"`), for a file that makes the workspaces it needs itself. */
export type Started<F extends string = never, W extends boolean = boolean> = {
  web: WebService;
  /** null unless the file asked for one. */
  worker: W extends true ? Service : null;
  /** Fake services by the names the file gave them: each answers every request 200 {"ok":true}. */
  fakes: Record<F, FakeService>;
  /** A client acting as this user. */
  as: (user: User) => ApiClient;
  stop: () => Promise<void>;
};

/** A worker without a web server (`web: false`), for files that enqueue runs themselves. */
export type WorkerOnly<F extends string = never> = Pick<Started<F, true>, "worker" | "fakes" | "stop">;

/** createTenancy's provider A (with client A1) and unrelated provider B; `api` is A's editor. */
export type ApiServer<F extends string = never, W extends boolean = boolean> = Started<F, W> & { t: Tenancy; api: ApiClient };

/** createPushTenancy's provider with clients A and B, and another provider. */
export type PushServer<F extends string = never, W extends boolean = boolean> = Started<F, W> &
  PushTenancy & {
    /** The provider's editor and viewer, and each client's owner. */
    tech: ApiClient;
    viewer: ApiClient;
    adminA: ApiClient;
    adminB: ApiClient;
    /** A workflow of the provider's, as the API answers its creation (id, version, name, steps). */
    createSource: (name: string, steps: Json[]) => Promise<Json>;
    putFile: (workspaceId: string, name: string, body: string, user: User) => Promise<Response>;
  };

export type TestServerOptions<F extends string, W extends boolean = boolean> = {
  /** A worker process too, for files whose runs must execute. */
  worker?: W;
  /** Local fake services to start, by name. */
  fakes?: readonly F[];
  /** More environment for the web server and the worker (as `npm start` gives both the same). */
  env?: Record<string, string>;
};

const answerOk: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ ok: true }));
};

// The objects a file may take apart at its top level (`const { t, api } = startTestServer()`):
// created empty now, filled in place once beforeAll has started everything.
const later = <T>() => ({}) as T;

type TenancyKind = "single" | "push" | "none";

function emptyServer<F extends string>(tenancy: TenancyKind, worker: boolean) {
  const s = {
    web: later<WebService>(),
    worker: worker ? later<Service>() : null,
    fakes: later<Record<F, FakeService>>(),
    as: (user: User) => apiClient(s.web.baseUrl, user.token),
    stop: async () => {
      await Promise.all([s.web.stop?.(), s.worker?.stop?.(), ...Object.values<FakeService>(s.fakes).map((f) => f.close())]);
    },
  };
  if (tenancy === "none") return s;
  if (tenancy === "single") return Object.assign(s, { t: later<Tenancy>(), api: later<ApiClient>() });
  return Object.assign(s, { tech: later<ApiClient>(), viewer: later<ApiClient>(), adminA: later<ApiClient>(), adminB: later<ApiClient>() });
}

async function launch<F extends string>(s: ReturnType<typeof emptyServer<F>>, tenancy: TenancyKind, fakes: readonly F[], withWeb = true, env: Record<string, string> = {}) {
  await ensureQueues(databaseUrl());
  // Each process is kept as soon as it is spawned, so that stop() ends it even when another fails to start.
  const [web, worker, servers] = await Promise.all([
    withWeb ? startWeb(env, (svc) => Object.assign(s.web, svc)) : null,
    s.worker ? startWorker(env, (svc) => Object.assign(s.worker!, svc)) : null,
    Promise.all(fakes.map(() => startLocalServer(answerOk))),
  ]);
  if (web) Object.assign(s.web, web);
  if (worker) Object.assign(s.worker!, worker);
  fakes.forEach((name, i) => Object.assign(s.fakes, { [name]: servers[i] }));
  if (tenancy === "none") return;
  if (tenancy === "single") {
    const a = s as unknown as ApiServer<F>;
    Object.assign(a.t, await createTenancy());
    Object.assign(a.api, a.as(a.t.editor));
    return;
  }
  const p = s as unknown as PushServer<F>;
  Object.assign(p, await createPushTenancy(p.web.baseUrl));
  Object.assign(p.tech, p.as(p.users.tech));
  Object.assign(p.viewer, p.as(p.users.providerViewer));
  Object.assign(p.adminA, p.as(p.users.adminA));
  Object.assign(p.adminB, p.as(p.users.adminB));
  Object.assign(p, {
    createSource: async (name: string, steps: Json[]) => {
      const res = await p.tech.post(`/api/v1/workspaces/${p.provider.id}/workflows`, { name, steps });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    putFile: (workspaceId: string, name: string, body: string, user: User) =>
      fetch(`${p.web.baseUrl}/api/v1/workspaces/${workspaceId}/files/${name}`, { method: "PUT", headers: { authorization: `Bearer ${user.token}`, "content-type": "text/plain" }, body }),
  });
}

/**
 * A test file's real server and tenancy (createTenancy's; with `tenancy: "push"`
 * createPushTenancy's; none with `tenancy: "none"`, where `web: false` leaves only the worker),
 * started before its tests and stopped after. What it returns is filled in by beforeAll: read it
 * inside tests or hooks; a file's own beforeAll, registered after, runs after it.
 */
export function startTestServer<F extends string = never, W extends boolean = false>(options: TestServerOptions<F, W> & { tenancy: "push" }): PushServer<F, W>;
export function startTestServer<F extends string = never>(options: TestServerOptions<F, true> & { tenancy: "none"; web: false }): WorkerOnly<F>;
export function startTestServer<F extends string = never, W extends boolean = false>(options: TestServerOptions<F, W> & { tenancy: "none" }): Started<F, W>;
export function startTestServer<F extends string = never, W extends boolean = false>(options?: TestServerOptions<F, W> & { tenancy?: "single" }): ApiServer<F, W>;
export function startTestServer<F extends string = never>({ worker = false, fakes = [], env = {}, tenancy = "single", web = true }: TestServerOptions<F> & { tenancy?: TenancyKind; web?: boolean } = {}): unknown {
  const s = emptyServer<F>(tenancy, worker);
  beforeAll(() => launch(s, tenancy, fakes, web, env));
  afterAll(() => s.stop());
  return s;
}

/** startTestServer's single tenancy, for a file that starts it itself (and stops it). */
export async function startApiServer({ worker = false }: { worker?: boolean } = {}): Promise<ApiServer> {
  const s = emptyServer<never>("single", worker);
  try {
    await launch(s, "single", []);
  } catch (e) {
    await s.stop();
    throw e;
  }
  return s as ApiServer;
}
