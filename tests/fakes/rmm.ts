// Fake remote monitoring and management tool (in the style of NinjaOne/Datto RMM): run an
// approved script on a device, read a device's disk free space, resolve an alert. The disk
// free space after a cleanup script is configurable, so tests can play "restored" or
// "still low".
import { randomUUID } from "node:crypto";
import { createRouter, FakeError, objectBody, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type RmmVolume = { totalGb: number; freeGb: number };
export type RmmDevice = { id: string; hostname: string; volumes: Record<string, RmmVolume> };
export type RmmScript = { id: string; name: string; approved: boolean };
export type RmmAlert = { id: string; deviceId: string; message: string; status: "open" | "resolved"; resolutionNote: string | null };
export type RmmState = {
  devices: Map<string, RmmDevice>;
  scripts: Map<string, RmmScript>;
  alerts: Map<string, RmmAlert>;
  /** deviceId -> free GB on the system drive once a cleanup script has run there. */
  freeGbAfterCleanup: Map<string, number>;
  jobs: Map<string, { id: string; deviceId: string; scriptId: string; status: string; output: string }>;
};
export type RmmSeed = {
  devices?: RmmDevice[];
  scripts?: RmmScript[];
  alerts?: Omit<RmmAlert, "status" | "resolutionNote">[];
  freeGbAfterCleanup?: Record<string, number>;
};
export type RmmFake = FakeServer & { state: RmmState };

const drive = (d: string) => d.replace(/:$/, "").toUpperCase();
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function startRmmFake(seed: RmmSeed = {}, opts?: FakeServerOptions): Promise<RmmFake> {
  const state: RmmState = {
    devices: new Map((seed.devices ?? []).map((d) => [d.id, structuredClone(d)])),
    scripts: new Map((seed.scripts ?? []).map((s) => [s.id, s])),
    alerts: new Map((seed.alerts ?? []).map((a) => [a.id, { ...a, status: "open" as const, resolutionNote: null }])),
    freeGbAfterCleanup: new Map(Object.entries(seed.freeGbAfterCleanup ?? {})),
    jobs: new Map(),
  };
  const device = (id: string) => {
    const d = state.devices.get(id);
    if (!d) throw new FakeError(404, `device ${id} not found`);
    return d;
  };
  const volumeView = (letter: string, v: RmmVolume) => ({ drive: `${letter}:`, totalGb: v.totalGb, freeGb: v.freeGb, freePercent: round1((v.freeGb / v.totalGb) * 100) });

  const router = createRouter()
    .on("GET", "/api/v2/devices/:id", (req) => {
      const d = device(req.params.id);
      return { body: { id: d.id, hostname: d.hostname, volumes: Object.entries(d.volumes).map(([l, v]) => volumeView(l, v)) } };
    })
    .on("GET", "/api/v2/devices/:id/disks/:drive", (req) => {
      const d = device(req.params.id);
      const letter = drive(req.params.drive);
      const v = d.volumes[letter];
      if (!v) throw new FakeError(404, `device ${d.id} has no volume ${letter}:`);
      return { body: { deviceId: d.id, hostname: d.hostname, ...volumeView(letter, v), checkedAt: new Date().toISOString() } };
    })
    .on("POST", "/api/v2/devices/:id/scripts/:scriptId/run", (req) => {
      const d = device(req.params.id);
      const s = state.scripts.get(req.params.scriptId);
      if (!s) throw new FakeError(404, `script ${req.params.scriptId} not found`);
      if (!s.approved) throw new FakeError(403, `script ${s.name} is not approved for automation`);
      const c = d.volumes.C;
      const before = c?.freeGb ?? 0;
      const after = state.freeGbAfterCleanup.get(d.id);
      if (c && after !== undefined) c.freeGb = after;
      const freed = round1((c?.freeGb ?? 0) - before);
      const job = { id: randomUUID(), deviceId: d.id, scriptId: s.id, status: "completed", output: `${s.name}: removed temp files, update cache and recycle bin; ${freed} GB freed on C:` };
      state.jobs.set(job.id, job);
      return { status: 202, body: { jobId: job.id, deviceId: d.id, script: s.name, status: "queued" } };
    })
    .on("GET", "/api/v2/jobs/:jobId", (req) => {
      const j = state.jobs.get(req.params.jobId);
      if (!j) throw new FakeError(404, `job ${req.params.jobId} not found`);
      return { body: j };
    })
    .on("POST", "/api/v2/alerts/:alertId/resolve", (req) => {
      const a = state.alerts.get(req.params.alertId);
      if (!a) throw new FakeError(404, `alert ${req.params.alertId} not found`);
      if (a.status === "resolved") throw new FakeError(409, `alert ${a.id} is already resolved`);
      a.status = "resolved";
      const note = req.body ? objectBody(req).note : undefined;
      a.resolutionNote = typeof note === "string" ? note : null;
      return { body: a };
    });
  const server = await startFakeServer("rmm", router, opts);
  return { ...server, state };
}
