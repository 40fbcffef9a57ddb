// Fake IT documentation platform (in the style of IT Glue / Hudu): contacts per organisation,
// created for new hires and set inactive for leavers (looked up by e-mail, as techs do).
import { createRouter, FakeError, idSequence, objectBody, requireString, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type DocContact = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  title: string | null;
  department: string | null;
  manager: string | null;
  status: "active" | "inactive";
  notes: string | null;
};
export type DocumentationSeed = { organizations?: Record<string, string>; contacts?: Omit<DocContact, "id">[] };
export type DocumentationFake = FakeServer & { state: { organizations: Map<string, string>; contacts: Map<string, DocContact> }; contact: (email: string) => DocContact | undefined };

export async function startDocumentationFake(seed: DocumentationSeed = {}, opts?: FakeServerOptions): Promise<DocumentationFake> {
  const nextId = idSequence("", 5001);
  const state = { organizations: new Map(Object.entries(seed.organizations ?? {})), contacts: new Map<string, DocContact>() };
  for (const c of seed.contacts ?? []) {
    const id = nextId();
    state.contacts.set(id, { ...c, id });
  }
  const org = (id: string) => {
    if (!state.organizations.has(id)) throw new FakeError(404, `organization ${id} not found`);
    return id;
  };
  const contact = (email: string) => [...state.contacts.values()].find((c) => c.email.toLowerCase() === email.toLowerCase());

  const router = createRouter()
    .on("POST", "/api/organizations/:org/contacts", (req) => {
      const organizationId = org(req.params.org);
      const b = objectBody(req);
      const email = requireString(b, "email");
      if (contact(email)) throw new FakeError(409, `a contact with e-mail ${email} already exists`);
      const str = (k: string) => (typeof b[k] === "string" ? (b[k] as string) : null);
      const c: DocContact = {
        id: nextId(),
        organizationId,
        firstName: requireString(b, "firstName"),
        lastName: requireString(b, "lastName"),
        email,
        title: str("title"),
        department: str("department"),
        manager: str("manager"),
        status: "active",
        notes: str("notes"),
      };
      state.contacts.set(c.id, c);
      return { status: 201, body: { data: c } };
    })
    .on("GET", "/api/organizations/:org/contacts", (req) => {
      const organizationId = org(req.params.org);
      const email = req.query.email;
      return { body: { data: [...state.contacts.values()].filter((c) => c.organizationId === organizationId && (!email || c.email.toLowerCase() === email.toLowerCase())) } };
    })
    .on("PATCH", "/api/organizations/:org/contacts/by-email/:email", (req) => {
      const organizationId = org(req.params.org);
      const c = contact(req.params.email);
      if (!c || c.organizationId !== organizationId) throw new FakeError(404, `no contact ${req.params.email} in organization ${organizationId}`);
      const b = objectBody(req);
      if (b.status === "active" || b.status === "inactive") c.status = b.status;
      else if (b.status !== undefined) throw new FakeError(400, 'status must be "active" or "inactive"');
      if (typeof b.notes === "string") c.notes = b.notes;
      return { body: { data: c } };
    });
  const server = await startFakeServer("documentation", router, opts);
  return { ...server, state, contact };
}
