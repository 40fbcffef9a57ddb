// An HTTP Request step's `app` (the app it calls, which a blueprint's steps carry for the push's
// review) is kept by the save's parse when it is an app of the catalog, and refused by name
// otherwise — never dropped or kept unknown, which the push would ignore in silence.
import { describe, expect, it } from "vitest";
import { httpConfig } from "@/lib/steps/catalog";
import { fallbackAccountApp } from "@/lib/push/fallback-account-app";

describe("an HTTP Request step's app", () => {
  it("is kept when it is an app of the catalog", () => {
    expect(httpConfig.parse({ url: "/tickets", app: "psa" }).app).toBe("psa");
    expect(httpConfig.parse({ url: "/tickets" }).app).toBeUndefined();
  });

  it("is refused when it is no app of the catalog", () => {
    const r = httpConfig.safeParse({ url: "/tickets", app: "ticketing" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["app"], message: expect.stringContaining("must be an app key of the app catalog") });
  });

  it("decides the app a push asks the client for when the provider's account cannot", () => {
    expect(fallbackAccountApp({ kind: "http", app: "rmm" })).toBe("rmm");
    expect(fallbackAccountApp({ kind: "http", app: null })).toBeNull();
    expect(fallbackAccountApp({ kind: "ai_prompt", app: null })).toBe("openai");
  });
});
