// What a blueprint is: a reusable MSP workflow pattern as data — its card (purpose, trigger,
// apps), a zod setup form for one client's systems and procedures, and `build(setup)` which
// returns a workflow definition the workflows API accepts. Client-safe: no server imports.
import type { z } from "@/lib/z";
import type { StepKind } from "@/lib/steps/catalog";

/** App keys from lib/connections/app-catalog.ts that blueprint steps call. */
export type AppKey =
  | "directory"
  | "edr"
  | "rmm"
  | "psa"
  | "documentation"
  | "password_manager"
  | "chat"
  | "license_distributor"
  | "openai"
  | "asset_inventory";

/** The connection (account) chosen per app at install; null = none chosen yet. */
export type Connections = Partial<Record<AppKey, string | null>>;

export type BlueprintStep = { id: string; kind: StepKind; name: string; config: Record<string, unknown> };
export type BuiltWorkflow = { name: string; steps: BlueprintStep[] };

/** A workspace variable the steps read as {{ vars.KEY }}: per client, so a push asks each
 *  client for its own value. Installing fills it from the named setup field when missing. */
export type BlueprintVariable = { key: string; description: string; setupField: string };

/** What one version changed and why it matters to the technician: shown beside a workflow
 *  installed from an older version (describe-blueprint-origin.ts). */
export type BlueprintChange = { version: number; note: string };

export type Blueprint<S extends z.ZodObject = z.ZodObject> = {
  /** Row of the spec's Blueprints table. */
  number: number;
  slug: string;
  title: string;
  /** Raised whenever the steps an install creates change what a run does; recorded on the
   *  workflow at install, so an older install can be told a newer one exists. */
  version: number;
  /** One per version, oldest first; the last is `version`'s. */
  changes: BlueprintChange[];
  purpose: string;
  /** The choices made where the spec says "not shown", and how the steps work. */
  description: string;
  trigger: { kind: "webhook" | "scheduler"; summary: string };
  apps: AppKey[];
  variables: BlueprintVariable[];
  setup: S;
  /** A valid setup for the demo client; also the gallery form's starting values. */
  exampleSetup: z.input<S>;
  build: (setup: z.output<S>, connections?: Connections) => BuiltWorkflow;
};

/** Keeps each blueprint's setup type attached to its build function. */
export const defineBlueprint = <S extends z.ZodObject>(b: Blueprint<S>): Blueprint<S> => b;

type HttpOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Relative to the app connection's base URL, e.g. `/users/{{ 1.upn }}`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  continueOnError?: boolean;
};

/** An HTTP Request step that calls `app` through the chosen connection (auth + base URL). The
 *  step keeps `app` itself too: installed without an account, it still says which app's account
 *  it needs, so a push asks the client for one of that app. */
export function httpStep(id: string, name: string, app: AppKey, connections: Connections, o: HttpOptions): BlueprintStep {
  return {
    id,
    kind: "http",
    name,
    config: {
      method: o.method ?? (o.json === undefined ? "GET" : "POST"),
      url: o.path,
      headers: [],
      query: Object.entries(o.query ?? {}).map(([name, value]) => ({ name, value })),
      body: o.json === undefined ? { type: "none" } : { type: "json", json: o.json },
      connectionId: connections[app] ?? null,
      app,
      timeoutMs: 30_000,
      continueOnError: o.continueOnError ?? false,
    },
  };
}

/** A message to a chat channel's incoming webhook: the connection's base URL is the chat
 *  tool's webhook address and the channel is the rest of the path. */
export function chatStep(id: string, name: string, channel: string, connections: Connections, message: { text: string; card?: unknown }): BlueprintStep {
  return httpStep(id, name, "chat", connections, { method: "POST", path: `/${channel.replace(/^\/+/, "")}`, json: message });
}

/** JSON text safe to paste into generated JavaScript or JSONata source. */
export const literal = (v: unknown): string => JSON.stringify(v).replace(/</g, "\\u003c").replace(/\u2028|\u2029/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
