// What an account's config and credentials may hold: only the keys its auth kind reads. A
// misspelt one (`headerNmae`, `tokne`) is refused naming it — dropped, the key went out under
// the default header. Everything the catalog, the blueprints' fake accounts and the forms send
// passes.
import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "@/lib/connections/app-catalog";
import { AUTH_KINDS, CONFIG_KEYS, credentialSchemas } from "@/lib/connections/connection-auth";
import { parseConnectionFields } from "@/lib/connections/parse-connection-fields";
import { readCredentials } from "@/components/resources/credential-fields";
import { fakeConnections } from "@/tests/fakes/msp-connections";
import type { MspStack } from "@/tests/fakes/msp-stack";

describe("config and credentials of an account", () => {
  it("refuses a misspelt credential and config key, naming it", () => {
    expect(parseConnectionFields({ authKind: "api_key", credentials: { apiKey: "k", tokne: "x" } })).toEqual({
      ok: false,
      field: "credentials.tokne",
      message: "unknown field (misspelt?); api_key auth takes apiKey",
    });
    expect(parseConnectionFields({ authKind: "api_key", config: { headerNmae: "X-Custom-Key" } })).toMatchObject({ ok: false, field: "config.headerNmae" });
    expect(parseConnectionFields({ authKind: "oauth2_client_credentials", config: { tokenUrll: "https://x" } })).toMatchObject({ ok: false, field: "config.tokenUrll" });
  });

  it("refuses a key of another auth kind, and names a wrong value's field without echoing it", () => {
    expect(parseConnectionFields({ authKind: "api_key", config: { tokenUrl: "https://x" } })).toEqual({
      ok: false,
      field: "config.tokenUrl",
      message: "not a setting of api_key auth; api_key auth takes headerName, prefix",
    });
    expect(parseConnectionFields({ authKind: "bearer", config: { headerName: "X-Key" } })).toMatchObject({ ok: false, field: "config.headerName", message: expect.stringContaining("bearer auth takes no config") });
    expect(parseConnectionFields({ authKind: "bearer", credentials: { token: "t", apiKey: "k" } })).toMatchObject({ ok: false, field: "credentials.apiKey" });
    expect(parseConnectionFields({ authKind: "none", credentials: { token: "t" } })).toMatchObject({ ok: false, field: "credentials.token" });
    const bad = parseConnectionFields({ authKind: "basic", credentials: { username: "u", password: 123456789 } });
    expect(bad).toMatchObject({ ok: false, field: "credentials.password" });
    expect(JSON.stringify(bad)).not.toContain("123456789");
    expect(parseConnectionFields({ authKind: "api_key", config: { headerName: "not a header" } })).toMatchObject({ ok: false, field: "config.headerName" });
  });

  it("takes a key the stored config holds with the same value (a read sent back) and drops it", () => {
    const storedConfig = { tokenUrl: "https://login.example.test/token", headerName: "X-Key" };
    expect(parseConnectionFields({ authKind: "api_key", config: { ...storedConfig }, storedConfig })).toEqual({ ok: true, fields: { config: { headerName: "X-Key" } } });
    expect(parseConnectionFields({ authKind: "api_key", config: { ...storedConfig, tokenUrl: "https://other.example.test" }, storedConfig })).toMatchObject({ ok: false, field: "config.tokenUrl" });
  });

  it("every app's starting config fits its own auth kind, and each auth kind's own keys pass", () => {
    for (const app of APP_CATALOG) {
      expect(app.authKinds).toContain(app.authKind);
      expect(parseConnectionFields({ authKind: app.authKind, config: app.defaultConfig }), app.key).toMatchObject({ ok: true, fields: { config: app.defaultConfig } });
    }
    for (const kind of AUTH_KINDS) {
      const config = Object.fromEntries(CONFIG_KEYS[kind].map((k) => [k, k === "headerName" ? "X-Key" : k === "clientAuth" ? "basic" : k === "keyHeader" ? "api-key" : k === "authorizeParams" ? { access_type: "offline" } : "v"]));
      const credentials = Object.fromEntries(Object.keys(credentialSchemas[kind].shape).map((k) => [k, "secret-value"]));
      expect(parseConnectionFields({ authKind: kind, config, credentials }), kind).toEqual({ ok: true, fields: { config, credentials } });
    }
  });

  it("the fake stack's accounts (blueprint tests, npm run demo) send only accepted keys", () => {
    const fake = { baseUrl: "http://127.0.0.1:1" };
    const stack = new Proxy({}, { get: () => fake }) as unknown as MspStack;
    for (const c of fakeConnections(stack)) {
      expect(parseConnectionFields({ authKind: c.authKind, config: c.config, credentials: c.credentials }), c.app).toMatchObject({ ok: true });
    }
  });

  it("the Connections page's credential inputs are the auth kind's keys (every field filled in)", () => {
    const filled = { get: () => "typed-value" } as unknown as FormData;
    for (const kind of AUTH_KINDS) {
      const credentials = readCredentials(filled, kind);
      expect(parseConnectionFields({ authKind: kind, credentials: credentials ?? {} }), kind).toMatchObject({ ok: true });
      expect(Object.keys(credentials ?? {}).sort(), kind).toEqual(Object.keys(credentialSchemas[kind].shape).sort());
    }
  });
});
