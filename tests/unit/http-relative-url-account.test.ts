// An HTTP Request whose URL is relative ("/devices/…") needs an account, whose base URL completes
// it: without one every run failed "the URL is not valid" although Go live had accepted it. An
// absolute URL, or one that starts with a reference (which may hold a base URL), needs none. A URL
// that is neither (`api.example.com/tickets`, `ftp://…`) is named as wrong itself: it used to be
// reported as a missing account, beside an Account field labelled optional.
import { describe, expect, it } from "vitest";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import type { StepError } from "@/lib/steps/executors/types";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";
import { executeStepAlone } from "@/tests/helpers/execute-step-alone";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { resolvingContext } from "@/tests/helpers/resolving-context";

const http = (url: string, connectionId: string | null = null) => ({ method: "POST", url, connectionId });
const RULE = "URL must start with http:// or https:// (or be a path starting with /, which the account's base URL completes)";
const NOT_URLS = ["api.example.com/tickets", "127.0.0.1:4298/text", "ftp://example.com/x", "localhost:8080/x", "devices", "https:/x"];

function goLiveError(config: Record<string, unknown>): unknown {
  const steps = [
    { id: "t", kind: "webhook", name: "Alert", config: {} },
    { id: "h", kind: "http", name: "Isolate", config },
  ] as unknown as Step[];
  try {
    assertLiveReady(steps);
  } catch (e) {
    return e;
  }
  return null;
}

describe("an HTTP Request's account", () => {
  it("is required when the URL is relative", () => {
    expect(findMissingFields("http", http("/devices/{{ 1.body.deviceId }}/isolate"))).toEqual([
      { field: "connectionId", label: "Account", message: "Account is required (the URL is relative: the account's base URL completes it)" },
    ]);
    expect(findMissingFields("http", { method: "GET", url: "  /x" }).map((m) => m.field)).toEqual(["connectionId"]);
  });

  it("names the app whose account a blueprint's step needs (its config.app), so the technician knows which system to connect", () => {
    const need = (app: string) => findMissingFields("http", { ...http("/service/tickets"), app })[0]?.message;
    expect(need("psa")).toBe("Account is required (the URL is relative: a PSA / ticketing account's base URL completes it)");
    expect(need("edr")).toBe("Account is required (the URL is relative: an Endpoint security (EDR) account's base URL completes it)");
    expect(need("asset_inventory")).toBe("Account is required (the URL is relative: an Asset / warranty inventory account's base URL completes it)");
    // Any account will do for a generic step, or an app this service does not know.
    expect(need("generic")).toBe("Account is required (the URL is relative: the account's base URL completes it)");
    expect(need("nope")).toBe("Account is required (the URL is relative: the account's base URL completes it)");
  });

  it("is optional for an absolute URL or one that starts with a reference", () => {
    for (const url of ["https://edr.example/isolate", "HTTP://edr.example", "{{ vars.EDR_URL }}/isolate", "  {{ 1.body.callback }}"]) {
      expect(findMissingFields("http", http(url)), url).toEqual([]);
    }
    expect(findMissingFields("http", http("/devices", "conn_1"))).toEqual([]);
    // A blank URL is reported as the URL, not as an account.
    expect(findMissingFields("http", http(" ")).map((m) => m.field)).toEqual(["url"]);
  });

  it("Go live refuses a relative URL without an account: 409 step_incomplete naming the field", () => {
    const error = goLiveError(http("/devices/1/isolate"));
    expect(error).toMatchObject({ status: 409, code: "step_incomplete", details: { step: 2, stepId: "h", field: "connectionId" } });
    expect((error as Error).message).toContain("Account is required (the URL is relative");
  });
});

describe("an HTTP Request's URL that is neither http(s) nor a path", () => {
  it("is named as the URL's problem, with or without an account", () => {
    for (const url of NOT_URLS) {
      expect(findMissingFields("http", http(url)), url).toEqual([{ field: "url", label: "URL", message: RULE }]);
      expect(findMissingFields("http", http(url, "conn_1")), url).toEqual([{ field: "url", label: "URL", message: RULE }]);
    }
  });

  it("Go live refuses it: 409 step_incomplete on the url field, in the usual shape", () => {
    const error = goLiveError(http("api.example.com/tickets"));
    expect(error).toMatchObject({ status: 409, code: "step_incomplete", details: { step: 2, stepId: "h", field: "url" } });
    expect((error as Error).message).toBe(`step 2 (HTTP Request): ${RULE}; fill it in, or keep the workflow in Draft`);
  });

  it("a run fails the step saying the same", async () => {
    const outcome = await executeStepAlone({ id: "h", kind: "http", name: "Call", config: http("127.0.0.1:4298/text") });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toContain(RULE);
  });

  it("the executor says the same of a URL a reference filled in, and of another scheme", async () => {
    const run = (url: string, data: Record<string, unknown>) =>
      createHttpExecutor(memoryDeps([]))(resolvingContext("http", { method: "GET", url }, { 1: data })).then(
        () => null,
        (e: unknown) => (e as StepError).message,
      );
    expect(await run("{{ 1.target }}", { target: "api.example.com/tickets" })).toBe(`${RULE}; it is "api.example.com/tickets"`);
    expect(await run("ftp://example.com/x", {})).toBe(`${RULE}; it is "ftp://example.com/x"`);
    expect(await run("{{ 1.path }}", { path: "/devices" })).toMatch(/^the URL "\/devices" is a path: choose an account with a base URL/);
  });
});
