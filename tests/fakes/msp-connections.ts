// The app connections (accounts) a workspace needs to reach the fake MSP stack: one per app,
// each with the base URL of its fake and the credentials that fake insists on, so runs prove
// that steps send the connection's auth.
import type { AuthKind } from "@/lib/connections/connection-auth";
import type { MspStack } from "./msp-stack";

export type FakeConnection = { app: string; name: string; authKind: AuthKind; baseUrl: string; config?: Record<string, string>; credentials: Record<string, string> };

/** The credentials each fake checks (see startMspStack). */
export const FAKE_CREDENTIALS = {
  directoryToken: "demo-graph-token",
  vaultToken: "demo-vault-token",
  docsKey: "demo-docs-key",
  psaUser: "contoso+integrator",
  psaPassword: "demo-psa-password",
  edrToken: "demo-edr-token",
  rmmKey: "demo-rmm-key",
  distributorToken: "demo-distributor-token",
  inventoryKey: "demo-inventory-key",
  openaiKey: "sk-demo-openai-key",
};

export function fakeConnections(stack: MspStack): FakeConnection[] {
  const c = FAKE_CREDENTIALS;
  return [
    { app: "directory", name: "Contoso Entra ID (fake)", authKind: "bearer", baseUrl: `${stack.directory.baseUrl}/v1.0`, credentials: { token: c.directoryToken } },
    { app: "password_manager", name: "Contoso vault (fake)", authKind: "bearer", baseUrl: stack.passwordManager.baseUrl, credentials: { token: c.vaultToken } },
    { app: "documentation", name: "IT docs (fake)", authKind: "api_key", baseUrl: stack.documentation.baseUrl, config: { headerName: "x-api-key" }, credentials: { apiKey: c.docsKey } },
    { app: "psa", name: "PSA (fake)", authKind: "basic", baseUrl: stack.psa.baseUrl, credentials: { username: c.psaUser, password: c.psaPassword } },
    { app: "chat", name: "Team chat webhooks (fake)", authKind: "none", baseUrl: `${stack.chat.baseUrl}/hooks`, credentials: {} },
    { app: "edr", name: "EDR console (fake)", authKind: "bearer", baseUrl: `${stack.edr.baseUrl}/api/v1`, credentials: { token: c.edrToken } },
    { app: "rmm", name: "RMM (fake)", authKind: "api_key", baseUrl: `${stack.rmm.baseUrl}/api/v2`, config: { headerName: "X-API-Key" }, credentials: { apiKey: c.rmmKey } },
    { app: "license_distributor", name: "Distributor (fake)", authKind: "bearer", baseUrl: `${stack.licenseDistributor.baseUrl}/v1`, credentials: { token: c.distributorToken } },
    { app: "asset_inventory", name: "Asset inventory (fake)", authKind: "api_key", baseUrl: `${stack.inventory.baseUrl}/api/v1`, config: { headerName: "X-API-Key" }, credentials: { apiKey: c.inventoryKey } },
    { app: "openai", name: "AI (fake OpenAI)", authKind: "openai", baseUrl: stack.openai.baseUrl, config: { defaultModel: "gpt-4o-mini" }, credentials: { apiKey: c.openaiKey } },
  ];
}

/** Request headers that get past each fake's auth check, for tests that call fakes directly. */
export const FAKE_AUTH_HEADERS: Record<string, Record<string, string>> = {
  directory: { authorization: `Bearer ${FAKE_CREDENTIALS.directoryToken}` },
  "password-manager": { authorization: `Bearer ${FAKE_CREDENTIALS.vaultToken}` },
  documentation: { "x-api-key": FAKE_CREDENTIALS.docsKey },
  psa: { authorization: `Basic ${Buffer.from(`${FAKE_CREDENTIALS.psaUser}:${FAKE_CREDENTIALS.psaPassword}`).toString("base64")}` },
  chat: {},
  edr: { authorization: `Bearer ${FAKE_CREDENTIALS.edrToken}` },
  rmm: { "x-api-key": FAKE_CREDENTIALS.rmmKey },
  "license-distributor": { authorization: `Bearer ${FAKE_CREDENTIALS.distributorToken}` },
  inventory: { "x-api-key": FAKE_CREDENTIALS.inventoryKey },
};
