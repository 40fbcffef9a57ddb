// Which edit of an account sends its stored credentials to a new address (and so needs them
// entered again): a base URL on another origin or none at all, a token URL on another origin or
// the first one; a new path on the same origin, or a base URL where there was none, does not.
import { describe, expect, it } from "vitest";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { credentialDestinationChanges, describeDestinationChange, urlOrigin } from "@/lib/connections/credential-destination-changes";

const psa = { baseUrl: "https://psa.example.com/v4_6_release/apis/3.0", config: {} };
const oauth = { baseUrl: "https://api.edr.example.com", config: { tokenUrl: "https://api.edr.example.com/oauth2/token", scope: "read" } };

describe("credentialDestinationChanges", () => {
  it("a base URL on another origin (scheme, host or port) or cleared needs the credentials", () => {
    for (const baseUrl of ["http://attacker.test", "http://psa.example.com/v4_6_release/apis/3.0", "https://psa.example.com:8443/x", "https://evil.psa.example.com"]) {
      expect(credentialDestinationChanges({ authKind: "basic", before: psa, after: { ...psa, baseUrl } }), baseUrl).toEqual([{ field: "baseUrl", from: "https://psa.example.com", to: urlOrigin(baseUrl), needsCredentials: true }]);
    }
    for (const baseUrl of [null, ""]) {
      expect(credentialDestinationChanges({ authKind: "bearer", before: psa, after: { ...psa, baseUrl } })).toEqual([{ field: "baseUrl", from: "https://psa.example.com", to: null, needsCredentials: true }]);
    }
  });

  it("a new path on the same origin, a base URL where there was none, or an account without auth needs nothing", () => {
    expect(credentialDestinationChanges({ authKind: "basic", before: psa, after: { ...psa, baseUrl: "https://PSA.example.com:443/v2022/apis" } })).toEqual([]);
    expect(credentialDestinationChanges({ authKind: "bearer", before: { baseUrl: null, config: {} }, after: psa })).toEqual([{ field: "baseUrl", from: null, to: "https://psa.example.com", needsCredentials: false }]);
    expect(credentialDestinationChanges({ authKind: "none", before: psa, after: { ...psa, baseUrl: "http://attacker.test" } })[0].needsCredentials).toBe(false);
  });

  it("an OAuth token URL on another origin, or the first one, needs the credentials; clearing it or a new path does not", () => {
    const withToken = (tokenUrl: string | undefined) => ({ ...oauth, config: { ...oauth.config, tokenUrl } });
    expect(credentialDestinationChanges({ authKind: "oauth2_client_credentials", before: oauth, after: withToken("http://attacker.test/token") })).toEqual([
      { field: "config.tokenUrl", from: "https://api.edr.example.com", to: "http://attacker.test", needsCredentials: true },
    ]);
    expect(credentialDestinationChanges({ authKind: "oauth2_client_credentials", before: withToken(undefined), after: oauth })[0]).toMatchObject({ field: "config.tokenUrl", from: null, needsCredentials: true });
    expect(credentialDestinationChanges({ authKind: "oauth2_client_credentials", before: oauth, after: withToken(undefined) })[0]).toMatchObject({ to: null, needsCredentials: false });
    expect(credentialDestinationChanges({ authKind: "oauth2_client_credentials", before: oauth, after: withToken("https://api.edr.example.com/v2/token") })).toEqual([]);
    // Entra's template names the same host as the tenant's real address.
    const template = { baseUrl: null, config: { tokenUrl: "https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token" } };
    expect(credentialDestinationChanges({ authKind: "oauth2_client_credentials", before: template, after: { baseUrl: null, config: { tokenUrl: "https://login.microsoftonline.com/contoso/oauth2/v2.0/token" } } })).toEqual([]);
    // Another kind does not read a token URL.
    expect(credentialDestinationChanges({ authKind: "api_key", before: oauth, after: withToken("http://attacker.test/token") })).toEqual([]);
  });

  it("names origins only, never a path or user info", () => {
    const [change] = credentialDestinationChanges({ authKind: "bearer", before: psa, after: { baseUrl: "http://user:pw@attacker.test:8080/p?k=v", config: {} } });
    expect(change.to).toBe("http://attacker.test:8080");
    expect(describeDestinationChange(change)).toBe("the credentials would go to http://attacker.test:8080 instead of https://psa.example.com");
    expect(describeDestinationChange({ field: "baseUrl", from: "https://psa.example.com", to: null, needsCredentials: true })).toBe("without a base URL the credentials would go to any host a step names, not only to https://psa.example.com");
  });
});

describe("the audit's wording of an account's new address", () => {
  it("shows the old and new origin, flagged", () => {
    const w = describeAuditEvent("connection_updated", { name: "PSA", app: "psa", fields: ["baseUrl", "credentials"], destinations: [{ field: "baseUrl", from: "https://psa.example.com", to: "http://attacker.test" }] });
    expect(w).toEqual({ label: "Account changed", tone: "amber", text: "PSA (psa): baseUrl, credentials · base URL https://psa.example.com → http://attacker.test" });
    expect(describeAuditEvent("connection_updated", { name: "G", app: "directory", fields: ["config"], destinations: [{ field: "config.tokenUrl", from: null, to: "https://login.example.com" }] }).text).toBe("G (directory): config · token URL none → https://login.example.com");
    expect(describeAuditEvent("connection_updated", { name: "PSA", app: "psa", fields: ["name"] }).tone).toBe("slate");
  });
});
