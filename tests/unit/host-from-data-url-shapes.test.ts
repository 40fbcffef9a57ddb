// A URL whose host a run's data makes must be judged so on the URL as written, whatever shape the
// text takes — not only `https://{{ 1.host }}/x`. QA found three that went Live (and that the
// editor left unmarked and a push offered an account without a base URL for), then failed every
// run at the executor's check of the URL as resolved: a scheme from a variable
// (`{{ vars.PROTO }}://{{ 1.host }}/x`), `//` after a variable (`{{ vars.SCHEME }}//{{ 1.host }}`
// with SCHEME "http:"), and a backslash, which URL parsers read as `/` in an http(s) URL
// (`http://{{ 1.u }}\@127.0.0.1:4131/x` has the host {{ 1.u }}). Tabs and newlines, which the
// parser drops, and extra slashes after the scheme, which it skips, likewise.
import { describe, expect, it } from "vitest";
import { accountUrlProblem, hostFromRunData, writtenStart } from "@/lib/http-step/account-url-problem";
import { checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { planPush } from "@/lib/push/plan-push";
import type { EditorStep } from "@/lib/editor/step-ops";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";

const DATA_MADE: [url: string, written: string][] = [
  ["{{ vars.PROTO }}://{{ 1.host }}/x", "{{ vars.PROTO }}://{{ 1.host }}"],
  ["{{ secrets.PROTO }}://{{ 1.host }}/x", "{{ secrets.PROTO }}://{{ 1.host }}"],
  ["{{ vars.SCHEME }}//{{ 1.host }}/x", "{{ vars.SCHEME }}//{{ 1.host }}"],
  ["{{ vars.PROTO }}:/{{ 1.host }}/x", "{{ vars.PROTO }}:/{{ 1.host }}"],
  ["{{ vars.PROTO }}s://{{ 1.host }}/x", "{{ vars.PROTO }}s://{{ 1.host }}"],
  ["{{ vars.PROTO }}://{{ vars.HOST }}{{ 1.rest }}/x", "{{ vars.PROTO }}://{{ vars.HOST }}{{ 1.rest }}"],
  ["{{ vars.PROTO }}:\\\\{{ 1.host }}/x", "{{ vars.PROTO }}:\\\\{{ 1.host }}"],
  ["{{ vars.PROTO }}:/\t/{{ 1.host }}/x", "{{ vars.PROTO }}:/\t/{{ 1.host }}"],
  ["http://{{ 1.u }}\\@127.0.0.1:4131/x", "http://{{ 1.u }}"],
  ["http://{{ 1.u }}:{{ 1.p }}\\@api.example.com/x", "http://{{ 1.u }}:{{ 1.p }}"],
  ["https:///{{ 1.host }}/x", "https:///{{ 1.host }}"],
  ["https://api.example.com\n{{ 1.rest }}/x", "https://api.example.com\n{{ 1.rest }}"],
  ["https://api.example.com%2F{{ 1.x }}/y", "https://api.example.com%2F{{ 1.x }}"],
  ["{{ vars.BASE }}@{{ 1.host }}/x", "{{ vars.BASE }}@{{ 1.host }}"],
];

const HOST_FIXED = [
  "https://api.example.com/{{ 1.path }}",
  "https://api.example.com\\{{ 1.path }}",
  "{{ vars.BASE }}/x",
  "{{ vars.BASE }}/{{ 1.path }}/x",
  "{{ vars.BASE }}/a//{{ 1.path }}",
  "{{ vars.BASE }}:8443/{{ 1.path }}",
  "{{ vars.BASE }}?u=http://{{ 1.host }}",
  "{{ vars.PROTO }}://{{ vars.HOST }}/{{ 1.path }}",
  "{{ vars.PROTO }}://{{ 1.user }}@{{ vars.HOST }}/x",
  "https://{{ 1.user }}%2F@api.example.com/x",
  "https://api.example.com/search?next=https://{{ 1.host }}",
];

describe("a host a run's data makes, in every shape a URL template takes", () => {
  it("is judged data-made as URL parsers read it: scheme from a variable, `//` from one, backslashes, tabs and newlines, extra slashes", () => {
    for (const [url, written] of DATA_MADE) {
      expect(hostFromRunData(url), url).toBe(true);
      expect(accountUrlProblem(url, null), url).toEqual({ kind: "host_from_data", written });
      expect(writtenStart(url), url).toBe(written);
    }
  });

  it("leaves alone a host written in the URL or taken from a variable, data after it being path or query", () => {
    for (const url of HOST_FIXED) expect(hostFromRunData(url), url).toBe(false);
  });
});

describe("the editor and Go live", () => {
  const accounts = new Map([["c-generic", { name: "Generic token", baseUrl: null, app: "psa" }]]);
  const withHttp = (config: Record<string, unknown>): EditorStep[] => [
    { id: "t", kind: "webhook", name: "Webhook", config: {} },
    { id: "h", kind: "http", name: "Call", config: { method: "GET", ...config } },
  ];

  it("marks an account without a base URL on `{{ vars.PROTO }}://{{ 1.host }}/x` unfinished, as on `http://{{ 1.host }}/x`", () => {
    const said = (written: string) =>
      `step 2 (HTTP Request): Account: the URL's host comes from a run's data (${written}), and "Generic token" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step's output names; give the account a base URL (the host it is for), or write the host in the URL`;
    expect(checkSteps(withHttp({ url: "{{ vars.PROTO }}://{{ 1.host }}/x", connectionId: "c-generic" }), accounts).map(describeProblem)).toEqual([said("{{ vars.PROTO }}://{{ 1.host }}")]);
    expect(checkSteps(withHttp({ url: "{{ vars.SCHEME }}//{{ 1.host }}/x", connectionId: "c-generic" }), accounts).map(describeProblem)).toEqual([said("{{ vars.SCHEME }}//{{ 1.host }}")]);
    expect(checkSteps(withHttp({ url: "http://{{ 1.u }}\\@127.0.0.1:4131/x", connectionId: "c-generic" }), accounts).map(describeProblem)).toEqual([said("http://{{ 1.u }}")]);
    expect(checkSteps(withHttp({ url: "{{ vars.BASE }}/{{ 1.path }}", connectionId: "c-generic" }), accounts)).toEqual([]);
  });

  it("refuses Live for a secret sent without an account to such a host (409 step_incomplete on the field)", () => {
    const steps = withHttp({ url: "{{ vars.PROTO }}://{{ 1.host }}/x", query: [{ name: "key", value: "{{ secrets.KEY }}" }] }) as Step[];
    expect(() => assertLiveReady(steps)).toThrow(
      expect.objectContaining({
        status: 409,
        code: "step_incomplete",
        message:
          "step 2 (HTTP Request): Query parameter 1 value sends secret KEY, and the URL's host comes from a run's data ({{ vars.PROTO }}://{{ 1.host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; write the host in the URL, or take it from a variable or secret; fill it in, or keep the workflow in Draft",
        details: { step: 2, stepId: "h", field: "query.0.value" },
      }),
    );
  });
});

describe("a push", () => {
  it("does not select the client's account without a base URL for `{{ vars.PROTO }}://{{ 1.host }}/x`", () => {
    const generic = { id: "c-gen", app: "psa", name: "PSA token", baseUrl: null };
    for (const url of ["{{ vars.PROTO }}://{{ 1.host }}/x", "http://{{ 1.u }}\\@127.0.0.1:4131/x"]) {
      const plan = planPush({
        source: {
          id: "wf",
          name: "W",
          version: 2,
          steps: [
            { id: "t", kind: "webhook", name: "Hook", config: {} },
            { id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, connectionId: "p-psa" } },
          ],
        },
        sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }]]),
        targetAccounts: [generic],
        targetVariables: new Map([["PROTO", { secret: false, hasValue: true }]]),
        targetFiles: new Map(),
        sourceFiles: new Map(),
        existing: null,
        sampleData: "keep",
      });
      expect(plan.steps[1].config.connectionId, url).toBeNull();
      expect(plan.unusableAccounts, url).toMatchObject([{ stepId: "cb", account: { id: "c-gen" }, chosen: false }]);
    }
  });
});
