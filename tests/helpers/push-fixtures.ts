// A provider with two clients (and an unrelated provider), users for each, and a workflow that
// exercises every push rule: accounts of three apps, variables, a secret, a file, sample data.
import { db } from "@/lib/db/client";
import { apiClient, createUser, type ApiClient, type Json } from "./api-fixtures";

export async function createPushTenancy(baseUrl: string) {
  const provider = await db().workspace.create({ data: { name: "Acme IT", kind: "provider" } });
  const clientA = await db().workspace.create({ data: { name: "Client A", kind: "client", providerId: provider.id } });
  const clientB = await db().workspace.create({ data: { name: "Client B", kind: "client", providerId: provider.id } });
  const other = await db().workspace.create({ data: { name: "Other MSP", kind: "provider" } });
  const otherClient = await db().workspace.create({ data: { name: "Other client", kind: "client", providerId: other.id } });
  const users = {
    tech: await createUser([{ workspaceId: provider.id, role: "editor" }]),
    providerViewer: await createUser([{ workspaceId: provider.id, role: "viewer" }]),
    adminA: await createUser([{ workspaceId: clientA.id, role: "owner" }]),
    adminB: await createUser([{ workspaceId: clientB.id, role: "owner" }]),
    outsider: await createUser([{ workspaceId: other.id, role: "owner" }]),
  };
  const api = (u: { token: string }) => apiClient(baseUrl, u.token);
  return { provider, clientA, clientB, other, otherClient, users, api };
}

/** Credentials with a `token` make a bearer account, whatever the app's default auth kind. */
export async function createAccount(api: ApiClient, workspaceId: string, app: string, name: string, credentials?: Record<string, unknown>, baseUrl?: string): Promise<string> {
  const authKind = credentials && "token" in credentials ? "bearer" : undefined;
  const res = await api.post(`/api/v1/workspaces/${workspaceId}/connections`, { app, name, authKind, credentials, ...(baseUrl ? { baseUrl } : {}) });
  if (res.status !== 201) throw new Error(`create connection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.connection.id;
}

/** The provider's onboarding workflow: directory (1 client account), psa (several), openai (none). */
export async function createSourceWorkflow(api: ApiClient, providerId: string, accounts: { dir: string; psa: string; ai: string }): Promise<Json> {
  const res = await api.post(`/api/v1/workspaces/${providerId}/workflows`, {
    name: "New-hire onboarding",
    steps: [
      { id: "hook", kind: "webhook", config: { sharedSecret: "provider-hook-secret", testingData: { firstName: "Alice", email: "alice@acme-provider.example" } } },
      { id: "user", kind: "http", name: "Create user", config: { method: "POST", url: "{{ vars.GRAPH_URL }}/users", headers: [{ name: "x-key", value: "{{ secrets.GRAPH_KEY }}" }], connectionId: accounts.dir } },
      { id: "ticket", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa.example.com/tickets", body: { type: "raw", raw: "{{ files.welcome.txt }}" }, connectionId: accounts.psa } },
      { id: "summary", kind: "ai_prompt", name: "Summary", config: { prompt: "Summarize {{ 1.firstName }}", connectionId: accounts.ai } },
    ],
  });
  if (res.status !== 201) throw new Error(`create workflow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
