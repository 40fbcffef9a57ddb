// An HTTP Request whose URL is relative ("/devices/…") needs an account, whose base URL completes
// it: without one every run failed "the URL is not valid" although Go live had accepted it. An
// absolute URL, or one that starts with a reference (which may hold a base URL), needs none.
import { describe, expect, it } from "vitest";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";

const http = (url: string, connectionId: string | null = null) => ({ method: "POST", url, connectionId });

describe("an HTTP Request's account", () => {
  it("is required when the URL is relative", () => {
    expect(findMissingFields("http", http("/devices/{{ 1.body.deviceId }}/isolate"))).toEqual([
      { field: "connectionId", label: "Account", message: "Account is required (the URL is relative: the account's base URL completes it)" },
    ]);
    expect(findMissingFields("http", http("devices")).map((m) => m.field)).toEqual(["connectionId"]);
    expect(findMissingFields("http", { method: "GET", url: "/x" }).map((m) => m.field)).toEqual(["connectionId"]);
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
    const steps = [
      { id: "t", kind: "webhook", name: "Alert", config: {} },
      { id: "h", kind: "http", name: "Isolate", config: http("/devices/1/isolate") },
    ] as unknown as Step[];
    let error: unknown;
    try {
      assertLiveReady(steps);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ status: 409, code: "step_incomplete", details: { step: 2, stepId: "h", field: "connectionId" } });
    expect((error as Error).message).toContain("Account is required (the URL is relative");
  });
});
