// Fake business password manager (in the style of a Bitwarden/Keeper public API): invite a
// member into collections, and remove a member from collections when they leave.
import { randomUUID } from "node:crypto";
import { createRouter, FakeError, objectBody, requireString, startFakeServer, type FakeServer, type FakeServerOptions } from "./fake-server";

export type VaultMember = { id: string; email: string; name: string; status: "Invited" | "Confirmed"; collections: string[] };
export type VaultState = { members: Map<string, VaultMember>; collections: Map<string, string> };
export type PasswordManagerSeed = {
  /** collection id -> name */
  collections?: Record<string, string>;
  members?: { email: string; name?: string; collections: string[] }[];
};
export type PasswordManagerFake = FakeServer & { state: VaultState; member: (email: string) => VaultMember | undefined };

export async function startPasswordManagerFake(seed: PasswordManagerSeed = {}, opts?: FakeServerOptions): Promise<PasswordManagerFake> {
  const state: VaultState = { members: new Map(), collections: new Map(Object.entries(seed.collections ?? {})) };
  const member = (idOrEmail: string) =>
    state.members.get(idOrEmail) ?? [...state.members.values()].find((m) => m.email.toLowerCase() === idOrEmail.toLowerCase());
  for (const m of seed.members ?? []) {
    const id = randomUUID();
    state.members.set(id, { id, email: m.email, name: m.name ?? m.email, status: "Confirmed", collections: [...m.collections] });
  }
  const knownCollections = (ids: unknown): string[] => {
    if (!Array.isArray(ids)) throw new FakeError(400, "collections must be an array");
    const out = ids.map((c) => (typeof c === "string" ? c : String((c as { id?: string }).id ?? "")));
    const unknown = out.filter((c) => !state.collections.has(c));
    if (unknown.length) throw new FakeError(404, `unknown collection(s): ${unknown.join(", ")}`);
    return out;
  };

  const router = createRouter()
    .on("POST", "/public/members", (req) => {
      const b = objectBody(req);
      const email = requireString(b, "email");
      if (member(email)) throw new FakeError(409, `${email} is already a member`);
      const m: VaultMember = { id: randomUUID(), email, name: String(b.name ?? email), status: "Invited", collections: knownCollections(b.collections ?? []) };
      state.members.set(m.id, m);
      return { status: 201, body: { object: "member", ...m } };
    })
    .on("GET", "/public/members/:id", (req) => {
      const m = member(req.params.id);
      if (!m) throw new FakeError(404, `member ${req.params.id} not found`);
      return { body: { object: "member", ...m } };
    })
    .on("POST", "/public/members/:id/collections/remove", (req) => {
      const m = member(req.params.id);
      if (!m) throw new FakeError(404, `member ${req.params.id} not found`);
      const remove = knownCollections(objectBody(req).collectionIds ?? []);
      const removed = m.collections.filter((c) => remove.includes(c));
      m.collections = m.collections.filter((c) => !remove.includes(c));
      return { body: { object: "member", id: m.id, email: m.email, removed, remaining: m.collections } };
    });
  const server = await startFakeServer("password-manager", router, opts);
  return { ...server, state, member };
}
