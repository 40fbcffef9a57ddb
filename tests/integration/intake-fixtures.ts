// Fixtures and raw HTTP helpers for the intake suites: workflows and endpoints are created
// directly with Prisma; requests go through node:http so chunked bodies and repeated headers
// are exactly what the test says.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { readDeliveryLog } from "@/lib/workflows/list-deliveries";
import { encryptSecret } from "@/lib/secrets/crypto";
import { generateWebhookToken } from "@/lib/triggers/generate-webhook-token";

export const MB = 1_048_576;
export const RECEIVED = '{"received":true}';

export type Hook = { workflowId: string; workspaceId: string; endpointId: string; token: string; stepId: string };

export async function createHook(opts: { live?: boolean; secret?: string; signatureHeader?: string } = {}): Promise<Hook> {
  const ws = await db().workspace.create({ data: { name: `ws ${randomUUID().slice(0, 6)}`, kind: "provider" } });
  const stepId = randomUUID();
  const config = {
    testingData: { sample: true },
    ...(opts.secret ? { sharedSecretEncrypted: encryptSecret(opts.secret) } : {}),
    ...(opts.signatureHeader ? { signatureHeader: opts.signatureHeader } : {}),
  };
  const wf = await db().workflow.create({
    data: {
      workspaceId: ws.id,
      name: "intake test",
      mode: opts.live === false ? "draft" : "live",
      steps: [
        { id: stepId, kind: "webhook", name: "Webhook", config },
        { id: randomUUID(), kind: "code", name: "Code", config: { code: "return 1" } },
      ],
    },
  });
  const ep = await db().webhookEndpoint.create({ data: { workflowId: wf.id, stepId, token: generateWebhookToken() } });
  return { workflowId: wf.id, workspaceId: ws.id, endpointId: ep.id, token: ep.token, stepId };
}

export const runsOf = (workflowId: string) => db().run.findMany({ where: { workflowId }, orderBy: { createdAt: "asc" } });
/** The workflow's deliveries log as the API lists it (accepted entries come from runs), oldest first. */
export const deliveriesOf = async (workflowId: string) => (await readDeliveryLog(workflowId, 500)).reverse();

export async function jobsFor(runIds: string[]): Promise<number> {
  const rows = await db().$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'run-execute' AND data->>'runId' = ANY($1::text[])`,
    runIds,
  );
  return rows[0].n;
}

export type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => unknown };

export type SendOptions = {
  method?: string;
  body?: string | Buffer;
  /** Sent with Transfer-Encoding: chunked in pieces of this many bytes, no Content-Length. */
  chunked?: number;
  contentType?: string | null;
  headers?: Record<string, string | string[]>;
  /** A keep-alive agent, to send several requests over one connection (default: a connection each). */
  agent?: http.Agent;
};

export function send(url: string, opts: SendOptions = {}): Promise<Reply> {
  const body = typeof opts.body === "string" ? Buffer.from(opts.body) : (opts.body ?? Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "POST", agent: opts.agent ?? false });
    if (opts.contentType !== null) req.setHeader("content-type", opts.contentType ?? "application/json");
    for (const [k, v] of Object.entries(opts.headers ?? {})) req.setHeader(k, v);
    if (!opts.chunked && (opts.method ?? "POST") !== "GET") req.setHeader("content-length", body.length);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on("error", reject);
    });
    // The server may answer (413) and close before the whole upload is written.
    req.on("error", (e) => (e as NodeJS.ErrnoException).code === "EPIPE" || (e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e));
    if (opts.chunked) {
      for (let i = 0; i < body.length && !req.destroyed; i += opts.chunked) req.write(body.subarray(i, i + opts.chunked));
      req.end();
    } else req.end(body);
  });
}
