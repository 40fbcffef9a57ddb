// An account without a base URL sends its credentials only to a host the workspace chose: written
// in the step, or a variable's (or secret's) value. With `https://{{ 1.callback_host }}/x` whoever
// posted a delivery chose the host, and the account's token went there. The run refuses it before
// anything is sent (a workflow Live from before), and the editor marks the step unfinished under
// its Account field, saying what to do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountUrlProblem, hostFromRunData } from "@/lib/http-step/account-url-problem";
import { checkStepFields, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import type { EditorStep } from "@/lib/editor/step-ops";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps, type MemoryConnection } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

let sink: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  sink = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null, apiKey: req.headers["x-api-key"] ?? null }));
  });
});
afterAll(() => sink.close());

const connections = (): MemoryConnection[] => [
  { id: "c-psa", name: "PSA token", authKind: "bearer", credentials: { token: "psa-secret-token" } },
  { id: "c-key", name: "RMM key", authKind: "api_key", config: { headerName: "X-Api-Key" }, credentials: { apiKey: "rmm-secret-key" } },
  { id: "c-pinned", name: "Pinned", authKind: "bearer", baseUrl: "http://127.0.0.1:9/", credentials: { token: "pinned-secret" } },
];

function run(config: Record<string, unknown>, delivery: Record<string, unknown>, vars: Record<string, string> = {}) {
  return createHttpExecutor(memoryDeps(connections()))(makeContext({ kind: "http", config: { method: "GET", ...config }, outputs: { 1: delivery }, vars }));
}
const failure = async (config: Record<string, unknown>, delivery: Record<string, unknown>, vars: Record<string, string> = {}) => {
  const e = await run(config, delivery, vars).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(StepError);
  return (e as StepError).message;
};

describe("an account without a base URL and a host from a reference, at run time", () => {
  it("sends nothing to the host a delivery names, and says why and what to do", async () => {
    const host = new URL(sink.url).host;
    const message = await failure({ url: "http://{{ 1.callback_host }}/collect", connectionId: "c-psa" }, { callback_host: host });
    expect(message).toBe(
      'the URL\'s host comes from a run\'s data (http://{{ 1.callback_host }}), and account "PSA token" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names; nothing was sent: give the account a base URL (the host it is for), or write the host in the URL',
    );
    // The whole URL from data, a host written but extended by data, and a variable's host extended so, likewise.
    expect(await failure({ url: "{{ 1.base }}/collect", connectionId: "c-key" }, { base: sink.url })).toMatch(/^the URL's host comes from a run's data \(\{\{ 1\.base \}\}\), and account "RMM key" has no base URL/);
    expect(await failure({ url: "http://127.0.0.1{{ 1.port }}/collect", connectionId: "c-key" }, { port: `:${new URL(sink.url).port}` })).toMatch(/^the URL's host comes from a run's data \(http:\/\/127\.0\.0\.1\{\{ 1\.port \}\}\)/);
    expect(await failure({ url: "{{ vars.BASE }}{{ 1.port }}/collect", connectionId: "c-key" }, { port: `:${new URL(sink.url).port}` }, { BASE: "http://127.0.0.1" })).toMatch(/^the URL's host comes from a run's data \(\{\{ vars\.BASE \}\}\{\{ 1\.port \}\}\)/);
    expect(sink.requests).toEqual([]);
  });

  it("a host written in the step still gets the account's credentials, references after it staying path and query", async () => {
    const res = await run({ url: `${sink.url}/tickets/{{ 1.id }}?q={{ 1.q }}`, connectionId: "c-psa" }, { id: "a/b", q: "x" });
    expect(res.output).toMatchObject({ status: 200, body: { authorization: "Bearer ••••" } });
    expect(sink.requests.at(-1)?.url).toBe("/tickets/a%2Fb?q=x");
    expect(sink.requests.at(-1)?.headers.authorization).toBe("Bearer psa-secret-token");
  });

  it("a host from a variable (a value the workspace's members set) gets them, a path from data after it", async () => {
    const res = await run({ url: "{{ vars.PSA_URL }}/tickets/{{ 1.id }}", connectionId: "c-psa" }, { id: "7" }, { PSA_URL: sink.url });
    expect(res.output).toMatchObject({ status: 200, body: { authorization: "Bearer ••••" } });
    expect(sink.requests.at(-1)?.url).toBe("/tickets/7");
  });

  it("is held on the URL as resolved too: a variable shaped to let data finish the host sends nothing", async () => {
    // `{{ vars.A }}/{{ 1.host }}` reads as a variable's URL and a path, but "http:/" then "/" leaves the host to the data.
    const message = await failure({ url: "{{ vars.A }}/{{ 1.host }}/x", connectionId: "c-psa" }, { host: new URL(sink.url).host }, { A: "http:/" });
    expect(message).toBe(
      `the URL's host ${new URL(sink.url).host} comes from a run's data, and the account has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable; nothing was sent`,
    );
    expect(sink.requests.filter((r) => r.url === "/x")).toEqual([]);
  });

  it("without an account, a host from a reference is sent to as before (no credentials go with it)", async () => {
    const res = await run({ url: "http://{{ 1.host }}/ping" }, { host: new URL(sink.url).host });
    expect(res.output).toMatchObject({ status: 200, body: { authorization: null } });
  });
});

describe("the rule, judged on the URL as written", () => {
  it("tells a host a run's data makes from one written or taken from a variable or secret", () => {
    for (const url of ["https://{{ 1.host }}/x", "{{ 1.url }}/x", "https://api.example.com{{ 1.rest }}", "https://{{ 1.tenant }}.example.com/x", "https://api.example.com:{{ 1.port }}/x", "{{ vars.BASE }}{{ 1.rest }}", "https://{{ files.host.txt }}/x"]) {
      expect(hostFromRunData(url), url).toBe(true);
    }
    for (const url of ["https://api.example.com:8443/t/{{ 1.id }}?x={{ 1.x }}", "https://{{ 1.user }}:{{ secrets.PW }}@api.example.com/x", "{{ vars.PSA_URL }}/x/{{ 1.id }}", "https://{{ vars.TENANT }}.example.com/x", "{{ secrets.HOOK_URL }}", "https://api.example.com#{{ 1.x }}", "/tickets/{{ 1.id }}"]) {
      expect(hostFromRunData(url), url).toBe(false);
    }
  });

  it("an account without a base URL cannot serve a host from a run's data; one with a base URL is judged at run time", () => {
    expect(accountUrlProblem("https://{{ 1.callback_host }}/x", null)).toEqual({ kind: "host_from_data", written: "https://{{ 1.callback_host }}" });
    expect(accountUrlProblem("{{ vars.BASE }}{{ 1.rest }}/x", null)).toEqual({ kind: "host_from_data", written: "{{ vars.BASE }}{{ 1.rest }}" });
    expect(accountUrlProblem("{{ vars.PSA_URL }}/tickets", null)).toBeNull();
    expect(accountUrlProblem("https://api.example.com/{{ 1.id }}", null)).toBeNull();
    expect(accountUrlProblem("https://{{ 1.host }}/x", "https://psa.example.com")).toBeNull();
    expect(accountUrlProblem("", null)).toBeNull(); // the URL field says it is required
  });
});

describe("in the editor", () => {
  const steps: EditorStep[] = [
    { id: "t", kind: "webhook", name: "Webhook", config: {} },
    { id: "h", kind: "http", name: "Call back", config: { method: "POST", url: "https://{{ 1.callback_host }}/done", connectionId: "c-psa" } },
  ];
  const accounts = new Map([
    ["c-psa", { name: "Halo PSA", baseUrl: null, app: "psa" }],
    ["c-base", { name: "Halo PSA (base URL)", baseUrl: "https://psa.example.com", app: "psa" }],
  ]);
  const said =
    'Account: the URL\'s host comes from a run\'s data (https://{{ 1.callback_host }}), and "Halo PSA" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names; give the account a base URL (the host it is for), or write the host in the URL';

  it("marks the step unfinished under its Account field, once the accounts are known", () => {
    expect(checkSteps(steps)).toEqual([]);
    const problems = checkSteps(steps, accounts);
    expect(problems.map(describeProblem)).toEqual([`step 2 (HTTP Request): ${said}`]);
    expect(problems[0]).toMatchObject({ field: "connectionId", incomplete: true });
    expect(checkStepFields(steps, 1, accounts)).toEqual([{ field: "connectionId", message: said, incomplete: true }]);
  });

  it("is finished with the host written or from a variable, with an account that has a base URL, or with no account", () => {
    const withStep = (config: Record<string, unknown>) => [steps[0], { ...steps[1], config: { ...steps[1].config, ...config } }];
    expect(checkSteps(withStep({ url: "https://hooks.example.com/done" }), accounts)).toEqual([]);
    expect(checkSteps(withStep({ url: "{{ vars.HOOKS_URL }}/done" }), accounts)).toEqual([]);
    expect(checkSteps(withStep({ connectionId: "c-base" }), accounts)).toEqual([]);
    expect(checkSteps(withStep({ connectionId: null }), accounts)).toEqual([]);
  });

  it("says likewise of an account whose base URL is on another host than the URL's, or a path without a base URL", () => {
    const other = [steps[0], { ...steps[1], config: { ...steps[1].config, url: "https://status.example.com/x", connectionId: "c-base" } }];
    expect(checkSteps(other, accounts).map(describeProblem)).toEqual([
      'step 2 (HTTP Request): Account: the URL goes to status.example.com, and "Halo PSA (base URL)" sends its credentials only to its base URL (psa.example.com); use a relative URL, an account whose base URL is on status.example.com, or no account',
    ]);
    const path = [steps[0], { ...steps[1], config: { ...steps[1].config, url: "/tickets" } }];
    expect(checkSteps(path, accounts).map(describeProblem)).toEqual([
      'step 2 (HTTP Request): Account: the URL is a path and "Halo PSA" has no base URL to complete it; choose an account with a base URL, or write the whole URL',
    ]);
  });
});
