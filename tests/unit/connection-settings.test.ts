// An account's non-secret settings: the catalog starts accounts with real values only (Entra's
// token URL, which names the tenant, is a hint), a value still holding a `<…>` placeholder is
// refused naming its field, and the Connections page's setting inputs send the auth kind's keys.
// Before, every Directory account made in the UI was stored with the "<tenant-id>" token URL and
// could never get a token.
import { describe, expect, it } from "vitest";
import { APP_CATALOG, appByKey } from "@/lib/connections/app-catalog";
import { AUTH_KINDS, CONFIG_KEYS } from "@/lib/connections/connection-auth";
import { findPlaceholder, startingConfig } from "@/lib/connections/connection-settings";
import { fetchOAuthToken, TokenError } from "@/lib/connections/fetch-oauth-token";
import { parseConnectionFields } from "@/lib/connections/parse-connection-fields";
import { readSettings, sameSettings } from "@/components/resources/connection-settings-fields";

const ENTRA_TEMPLATE = "https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token";

describe("settings of an account", () => {
  it("the catalog starts accounts with real values only; a tenant-specific one is a hint of a setting its auth kinds read", () => {
    for (const app of APP_CATALOG) {
      for (const [key, value] of Object.entries(app.defaultConfig)) expect(findPlaceholder(value), `${app.key}.${key}`).toBeNull();
      for (const key of Object.keys(app.configHints ?? {})) expect(app.authKinds.some((k) => (CONFIG_KEYS[k] as readonly string[]).includes(key)), `${app.key}.${key}`).toBe(true);
    }
    const directory = appByKey("directory")!;
    expect(directory.configHints?.tokenUrl).toBe(ENTRA_TEMPLATE);
    expect(startingConfig(directory, "oauth2_client_credentials")).toEqual({ scope: "https://graph.microsoft.com/.default" });
    expect(startingConfig(appByKey("edr")!, "api_key")).toEqual({});
  });

  it("refuses a setting that still holds a placeholder, naming the field", () => {
    expect(parseConnectionFields({ authKind: "oauth2_client_credentials", config: { tokenUrl: ENTRA_TEMPLATE } })).toEqual({
      ok: false,
      field: "config.tokenUrl",
      message: "still holds the placeholder <tenant-id>: replace it with your own value",
    });
    expect(parseConnectionFields({ authKind: "oauth2_client_credentials", config: { tokenUrl: "https://login.example.test/t", scope: "api://<app-id>/.default" } })).toMatchObject({ ok: false, field: "config.scope" });
    const real = { tokenUrl: "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token" };
    expect(parseConnectionFields({ authKind: "oauth2_client_credentials", config: real })).toEqual({ ok: true, fields: { config: real } });
    // An account stored with the template before: its read sent back is taken, not stored anew.
    expect(parseConnectionFields({ authKind: "oauth2_client_credentials", config: { tokenUrl: ENTRA_TEMPLATE }, storedConfig: { tokenUrl: ENTRA_TEMPLATE } })).toMatchObject({ ok: true });
  });

  it("a run on an account still holding the template says what to fix, without asking anyone for a token", async () => {
    const connection = { id: "c1", app: "directory", name: "Graph", authKind: "oauth2_client_credentials" as const, baseUrl: null, config: { tokenUrl: ENTRA_TEMPLATE }, credentials: { clientId: "cid", clientSecret: "cs" }, secrets: [] };
    const e = await fetchOAuthToken({ connection }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TokenError);
    expect((e as TokenError).message).toBe('app connection "Graph" has a token URL that still holds the placeholder <tenant-id>: set its real token URL on the Connections page');
  });

  it("the Connections page's setting inputs send the auth kind's keys: empty ones left out, a prefix as typed", () => {
    const form = (values: Record<string, string>) => ({ get: (name: string) => values[name.replace(/^config\./, "")] ?? null }) as unknown as FormData;
    for (const kind of AUTH_KINDS) {
      const all = Object.fromEntries(CONFIG_KEYS[kind].map((k) => [k, k === "headerName" ? "X-Key" : k === "clientAuth" ? "basic" : k === "keyHeader" ? "api-key" : "typed"]));
      // Extra sign-in parameters are typed as a query string and sent as their map.
      if ("authorizeParams" in all) all.authorizeParams = "access_type=offline&prompt=consent";
      const config = readSettings(form(all), kind);
      expect(config, kind).toEqual({ ...all, ...("authorizeParams" in all && { authorizeParams: { access_type: "offline", prompt: "consent" } }) });
      expect(parseConnectionFields({ authKind: kind, config }), kind).toMatchObject({ ok: true });
    }
    expect(readSettings(form({ headerName: " Authorization ", prefix: "Token " }), "api_key")).toEqual({ headerName: "Authorization", prefix: "Token " });
    expect(readSettings(form({ tokenUrl: "https://t.example.test/token", scope: "  ", clientAuth: "body" }), "oauth2_client_credentials")).toEqual({ tokenUrl: "https://t.example.test/token" });
    // An Edit that left them alone sends none (a PATCH's config replaces them all).
    expect(sameSettings({ tokenUrl: "https://t" }, { tokenUrl: "https://t", clientAuth: "body", headerName: "stale" }, "oauth2_client_credentials")).toBe(true);
    expect(sameSettings({ tokenUrl: "https://t" }, { tokenUrl: "https://t", scope: "s" }, "oauth2_client_credentials")).toBe(false);
    expect(sameSettings({ authorizationUrl: "https://a", tokenUrl: "https://t", authorizeParams: { prompt: "consent" } }, { authorizationUrl: "https://a", tokenUrl: "https://t", authorizeParams: { prompt: "consent" } }, "oauth2_authorization_code")).toBe(true);
    expect(sameSettings({ authorizationUrl: "https://a", tokenUrl: "https://t" }, { authorizationUrl: "https://a", tokenUrl: "https://t", authorizeParams: { prompt: "consent" } }, "oauth2_authorization_code")).toBe(false);
    // The database hands a map back in its own key order: the same parameters typed in another order are no change.
    expect(sameSettings({ authorizationUrl: "https://a", tokenUrl: "https://t", authorizeParams: { access_type: "offline", prompt: "consent" } }, { authorizationUrl: "https://a", tokenUrl: "https://t", authorizeParams: { prompt: "consent", access_type: "offline" } }, "oauth2_authorization_code")).toBe(true);
    // An AI account's key header: Bearer is the default, so it is not stored; api-key is.
    expect(readSettings(form({ defaultModel: "gpt4o", keyHeader: "authorization" }), "openai")).toEqual({ defaultModel: "gpt4o" });
    expect(readSettings(form({ keyHeader: "api-key" }), "openai")).toEqual({ keyHeader: "api-key" });
    expect(sameSettings({}, { keyHeader: "authorization" }, "openai")).toBe(true);
    expect(sameSettings({}, { keyHeader: "api-key" }, "openai")).toBe(false);
  });
});
