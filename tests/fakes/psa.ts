// Fake PSA / ticketing system (in the style of ConnectWise Manage): service tickets (create,
// update board/status/priority, append notes, close) and recurring agreements whose additions
// carry the billed quantity per product.
import { createRouter, FakeError, objectBody, requireString, startFakeServer, type FakeRequest, type FakeServer, type FakeServerOptions } from "./fake-server";

export type TicketNote = { id: number; text: string; internal: boolean; createdAt: string };
export type Ticket = {
  id: number;
  summary: string;
  board: string;
  status: string;
  priority: string;
  company: string | null;
  type: string | null;
  initialDescription: string;
  notes: TicketNote[];
  resolution: string | null;
  closedAt: string | null;
};
export type Addition = { id: string; sku: string; description: string; quantity: number; unitPrice: number };
export type Agreement = { id: string; name: string; company: string; additions: Addition[] };
export type PsaSeed = {
  tickets?: (Partial<Ticket> & { id: number; summary: string })[];
  agreements?: Agreement[];
};
export type PsaState = { tickets: Map<number, Ticket>; agreements: Map<string, Agreement> };
export type PsaFake = FakeServer & { state: PsaState; ticket: (id: number) => Ticket | undefined };

function makeTicket(t: Partial<Ticket> & { id: number; summary: string }): Ticket {
  return {
    board: "Service Desk",
    status: "New",
    priority: "Priority 3 - Normal",
    company: null,
    type: null,
    initialDescription: "",
    notes: [],
    resolution: null,
    closedAt: null,
    ...t,
  };
}

export async function startPsaFake(seed: PsaSeed = {}, opts?: FakeServerOptions): Promise<PsaFake> {
  const state: PsaState = {
    tickets: new Map((seed.tickets ?? []).map((t) => [t.id, makeTicket(t)])),
    agreements: new Map((seed.agreements ?? []).map((a) => [a.id, structuredClone(a)])),
  };
  let nextTicket = Math.max(1000, ...state.tickets.keys()) + 1;
  let nextNote = 1;
  const ticket = (req: FakeRequest) => {
    const t = state.tickets.get(Number(req.params.id));
    if (!t) throw new FakeError(404, `ticket ${req.params.id} not found`);
    return t;
  };
  const agreement = (req: FakeRequest) => {
    const a = state.agreements.get(req.params.id);
    if (!a) throw new FakeError(404, `agreement ${req.params.id} not found`);
    return a;
  };
  const setQuantity = (a: Agreement, id: string, quantity: unknown) => {
    const add = a.additions.find((x) => x.id === id);
    if (!add) throw new FakeError(404, `addition ${id} not found on agreement ${a.id}`);
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 0) throw new FakeError(400, "quantity must be a whole number ≥ 0");
    add.quantity = quantity;
    return add;
  };

  const router = createRouter()
    .on("POST", "/service/tickets", (req) => {
      const b = objectBody(req);
      const str = (k: string) => (typeof b[k] === "string" && b[k] !== "" ? (b[k] as string) : null);
      const t = makeTicket({
        id: nextTicket++,
        summary: requireString(b, "summary").slice(0, 100),
        board: requireString(b, "board"),
        priority: str("priority") ?? "Priority 3 - Normal",
        company: str("company"),
        type: str("type"),
        initialDescription: str("initialDescription") ?? "",
      });
      state.tickets.set(t.id, t);
      return { status: 201, body: t };
    })
    .on("GET", "/service/tickets/:id", (req) => ({ body: ticket(req) }))
    .on("PATCH", "/service/tickets/:id", (req) => {
      const t = ticket(req);
      const b = objectBody(req);
      for (const k of ["board", "status", "priority", "summary"] as const) if (typeof b[k] === "string") t[k] = b[k] as string;
      return { body: t };
    })
    .on("POST", "/service/tickets/:id/notes", (req) => {
      const t = ticket(req);
      const b = objectBody(req);
      if (t.closedAt) throw new FakeError(409, `ticket ${t.id} is closed`);
      const note: TicketNote = { id: nextNote++, text: requireString(b, "text"), internal: b.internal === true, createdAt: new Date().toISOString() };
      t.notes.push(note);
      return { status: 201, body: note };
    })
    .on("POST", "/service/tickets/:id/close", (req) => {
      const t = ticket(req);
      if (t.closedAt) throw new FakeError(409, `ticket ${t.id} is already closed`);
      t.status = "Closed";
      t.resolution = typeof objectBody(req).resolution === "string" ? (objectBody(req).resolution as string) : null;
      t.closedAt = new Date().toISOString();
      return { body: t };
    })
    .on("GET", "/finance/agreements/:id", (req) => ({ body: agreement(req) }))
    // ?sku=A,B narrows the list; totalQuantity is the billed seat count of what is listed.
    .on("GET", "/finance/agreements/:id/additions", (req) => {
      const a = agreement(req);
      const skus = req.query.sku ? req.query.sku.split(",").map((s) => s.trim()) : null;
      const additions = a.additions.filter((x) => !skus || skus.includes(x.sku));
      return { body: { agreementId: a.id, company: a.company, additions, totalQuantity: additions.reduce((n, x) => n + x.quantity, 0) } };
    })
    .on("PATCH", "/finance/agreements/:id/additions/:additionId", (req) => ({ body: setQuantity(agreement(req), req.params.additionId, objectBody(req).quantity) }))
    // Several additions in one call, all or nothing (checked before any change).
    .on("PATCH", "/finance/agreements/:id/additions", (req) => {
      const a = agreement(req);
      const items = objectBody(req).additions;
      if (!Array.isArray(items) || items.length === 0) throw new FakeError(400, "additions must be a non-empty array");
      const copy = structuredClone(a);
      for (const it of items as { id?: string; quantity?: unknown }[]) setQuantity(copy, String(it.id), it.quantity);
      a.additions = copy.additions;
      return { body: { agreementId: a.id, additions: a.additions } };
    });
  const server = await startFakeServer("psa", router, opts);
  return { ...server, state, ticket: (id) => state.tickets.get(id) };
}
