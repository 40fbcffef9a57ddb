// The apps the blueprints talk to, and how each authenticates. Client-safe: the editor lists
// accounts per app from it, push preflight matches accounts by `key`, and the credential forms
// are built from `authKinds` + the credential shapes in connection-auth.ts. Base URLs are
// placeholders a workspace replaces with its tenant's address.
import type { AuthKind, ConfigKey } from "./connection-auth";

export type AppCategory = "identity" | "security" | "rmm" | "psa" | "documentation" | "passwords" | "chat" | "licensing" | "inventory" | "ai" | "generic";

export type AppCatalogEntry = {
  key: string;
  label: string;
  category: AppCategory;
  description: string;
  /** The auth kind a new account starts with; `authKinds` lists what the app accepts. */
  authKind: AuthKind;
  authKinds: AuthKind[];
  defaultBaseUrl: string;
  /** Starting values for Connection.config (header name, token URL, scope, default model):
   *  real values only, stored when an account is created without config. */
  defaultConfig: Record<string, string>;
  /** The shape a setting takes where it depends on the customer (Entra's token URL names the
   *  tenant): shown as a hint on the form, never stored — a value still holding its `<…>`
   *  placeholder is refused (parse-connection-fields.ts). */
  configHints?: Partial<Record<ConfigKey, string>>;
};

export const APP_CATALOG: AppCatalogEntry[] = [
  {
    key: "directory",
    label: "Directory / identity",
    category: "identity",
    description: "User accounts, groups and licences (e.g. Microsoft Entra ID through Graph).",
    authKind: "oauth2_client_credentials",
    authKinds: ["oauth2_client_credentials", "bearer"],
    defaultBaseUrl: "https://graph.microsoft.com/v1.0",
    defaultConfig: { scope: "https://graph.microsoft.com/.default" },
    configHints: { tokenUrl: "https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token" },
  },
  {
    key: "edr",
    label: "Endpoint security (EDR)",
    category: "security",
    description: "Alerts, indicators and host isolation on the endpoint-security platform.",
    authKind: "oauth2_client_credentials",
    authKinds: ["oauth2_client_credentials", "api_key", "bearer"],
    defaultBaseUrl: "https://api.edr.example.com",
    defaultConfig: { tokenUrl: "https://api.edr.example.com/oauth2/token" },
  },
  {
    key: "rmm",
    label: "Remote monitoring (RMM)",
    category: "rmm",
    description: "Devices, alerts, scripts and free-space checks on the monitoring tool.",
    authKind: "api_key",
    authKinds: ["api_key", "bearer", "oauth2_client_credentials"],
    defaultBaseUrl: "https://rmm.example.com/api/v2",
    defaultConfig: { headerName: "X-API-Key" },
  },
  {
    key: "psa",
    label: "PSA / ticketing",
    category: "psa",
    description: "Tickets, agreements and additions in the professional-services automation tool.",
    authKind: "basic",
    authKinds: ["basic", "api_key", "bearer"],
    defaultBaseUrl: "https://psa.example.com/v4_6_release/apis/3.0",
    defaultConfig: {},
  },
  {
    key: "documentation",
    label: "IT documentation",
    category: "documentation",
    description: "Contacts, configurations and passwords pages in the documentation platform.",
    authKind: "api_key",
    authKinds: ["api_key", "bearer"],
    defaultBaseUrl: "https://api.docs.example.com",
    defaultConfig: { headerName: "x-api-key" },
  },
  {
    key: "password_manager",
    label: "Password manager",
    category: "passwords",
    description: "Invitations and shared vaults in the team password manager.",
    authKind: "bearer",
    authKinds: ["bearer", "api_key", "oauth2_client_credentials"],
    defaultBaseUrl: "https://api.passwords.example.com",
    defaultConfig: {},
  },
  {
    key: "chat",
    label: "Team chat",
    category: "chat",
    description: "Messages and cards to channels (e.g. Slack or Microsoft Teams).",
    authKind: "bearer",
    authKinds: ["bearer", "none"],
    defaultBaseUrl: "https://slack.com/api",
    defaultConfig: {},
  },
  {
    key: "license_distributor",
    label: "Cloud-license distributor",
    category: "licensing",
    description: "Subscriptions and active licence quantities per client tenant.",
    authKind: "oauth2_client_credentials",
    authKinds: ["oauth2_client_credentials", "api_key", "bearer"],
    defaultBaseUrl: "https://api.distributor.example.com/v1",
    defaultConfig: { tokenUrl: "https://login.distributor.example.com/oauth/token", audience: "https://api.distributor.example.com" },
  },
  {
    key: "asset_inventory",
    label: "Asset / warranty inventory",
    category: "inventory",
    description: "Devices with departments, device classes, OS builds and warranty end dates.",
    authKind: "api_key",
    authKinds: ["api_key", "bearer", "oauth2_client_credentials"],
    defaultBaseUrl: "https://api.assets.example.com/v1",
    defaultConfig: { headerName: "X-API-Key" },
  },
  {
    key: "openai",
    label: "OpenAI-compatible AI",
    category: "ai",
    description: "Chat completions from OpenAI or any compatible endpoint (Azure OpenAI, local models).",
    authKind: "openai",
    authKinds: ["openai"],
    defaultBaseUrl: "https://api.openai.com/v1",
    defaultConfig: { defaultModel: "gpt-4o-mini" },
  },
  {
    key: "http",
    label: "Generic HTTP",
    category: "generic",
    description: "Any other API, with the auth it needs.",
    authKind: "none",
    authKinds: ["none", "bearer", "basic", "api_key", "oauth2_client_credentials", "oauth2_authorization_code"],
    defaultBaseUrl: "",
    defaultConfig: {},
  },
];

/** The app whose accounts an AI Prompt step uses (the editor's Account list, push and review). */
export const AI_PROMPT_APP = "openai";

export const appByKey = (key: string): AppCatalogEntry | undefined => APP_CATALOG.find((a) => a.key === key);
