// Token lookup for the intake. Read fresh from the database on every request (never cached),
// so a rotation or a switch to Draft made by any process applies to the very next delivery;
// concurrent requests share one indexed SELECT per event-loop turn instead of one each.
import type pg from "pg";

export type Endpoint = {
  endpointId: string;
  workflowId: string;
  workspaceId: string;
  /** Rotated, or no longer the workflow's trigger (trigger replaced): answers like an unknown URL. */
  stale: boolean;
  live: boolean;
  secretEncrypted: string | null;
  signatureHeader: string | null;
};

export type LookupEndpoint = (token: string) => Promise<Endpoint | null>;

// The trigger's facts come from columns PostgreSQL derives from Workflow.steps on write
// (triggerStepId …): steps is json text, and reading them from it parsed the whole definition,
// Testing data included, on every delivery.
export const LOOKUP_ENDPOINTS_SQL = `
SELECT e.token, e.id AS "endpointId", e."workflowId", w."workspaceId",
       (e."rotatedAt" IS NOT NULL
         OR w."triggerStepId" IS DISTINCT FROM e."stepId"
         OR w."triggerKind" IS DISTINCT FROM 'webhook') AS stale,
       w.mode = 'live' AS live,
       w."triggerSecretEncrypted" AS "secretEncrypted",
       w."triggerSignatureHeader" AS "signatureHeader"
  FROM "WebhookEndpoint" e
  JOIN "Workflow" w ON w.id = e."workflowId"
 WHERE e.token = ANY($1::text[])`;

// Two lookups in flight keep the pool free for the commits that follow them.
const MAX_IN_FLIGHT = 2;
const MAX_KEYS = 1000;

export function createEndpointLookup(pool: pg.Pool): LookupEndpoint {
  let waiting = new Map<string, { resolve: (e: Endpoint | null) => void; reject: (e: unknown) => void }[]>();
  let scheduled = false;
  let inFlight = 0;

  const run = async (batch: typeof waiting) => {
    inFlight++;
    try {
      const { rows } = await pool.query<Endpoint & { token: string }>({ name: "intake-lookup", text: LOOKUP_ENDPOINTS_SQL, values: [[...batch.keys()]] });
      const found = new Map(rows.map((r) => [r.token, r]));
      for (const [token, waiters] of batch) {
        const endpoint = found.get(token) ?? null;
        for (const w of waiters) w.resolve(endpoint);
      }
    } catch (e) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    } finally {
      inFlight--;
      pump();
    }
  };

  const pump = () => {
    scheduled = false;
    while (waiting.size > 0 && inFlight < MAX_IN_FLIGHT) {
      let batch = waiting;
      if (batch.size > MAX_KEYS) {
        batch = new Map([...waiting].slice(0, MAX_KEYS));
        for (const k of batch.keys()) waiting.delete(k);
      } else waiting = new Map();
      void run(batch);
    }
  };

  return (token) =>
    new Promise((resolve, reject) => {
      const list = waiting.get(token);
      if (list) list.push({ resolve, reject });
      else waiting.set(token, [{ resolve, reject }]);
      if (!scheduled && inFlight < MAX_IN_FLIGHT) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
