// A secret in an HTTP Request whose host a run's data makes, on a step that has an account. With
// a base URL the request goes to that origin only — the executor fails any other URL as resolved,
// a full URL included, before sending, and a redirect elsewhere drops the headers that read a
// secret — so the secret cannot reach a host a delivery names: the step is complete, goes Live
// and runs. Without a base URL (or without an account) it stays unfinished, refused and failed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stepAccountMessage, type KnownAccount } from "@/lib/connections/step-account-message";
import { checkStepFields } from "@/lib/editor/check-steps";
import type { EditorStep } from "@/lib/editor/step-ops";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";
import { resolveReferences } from "@/lib/workflows/references";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

let psa: Awaited<ReturnType<typeof startLocalServer>>;
let elsewhere: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  elsewhere = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  psa = await startLocalServer((req, res) => {
    if (req.url?.startsWith("/moved")) {
      res.writeHead(302, { location: `${elsewhere.url}/landed` });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
});
afterAll(async () => {
  await psa.close();
  await elsewhere.close();
});

const KEY = "psa-api-key-8812";
const config = (url: string, connectionId: string | null) => ({
  method: "GET",
  url,
  connectionId,
  headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }],
});
const SECRET_MARK = expect.stringMatching(/^Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data/);
const accounts = (): Map<string, KnownAccount> =>
  new Map([
    ["with-base", { name: "PSA", baseUrl: psa.url, app: "http" }],
    ["no-base", { name: "Generic", baseUrl: null, app: "http" }],
  ]);
const editorSteps = (c: Record<string, unknown>): EditorStep[] => [
  { id: "t", kind: "webhook", name: "Webhook", config: {} },
  { id: "h", kind: "http", name: "Call", config: c },
];

describe("the editor and Go live", () => {
  it("do not hold a secret on an account with a base URL: the request cannot leave its origin", () => {
    for (const url of ["https://{{ 1.tenant }}.example.com/x", "{{ vars.BASE }}{{ 1.rest }}", "http://{{ 1.host }}/x"]) {
      const c = config(url, "with-base");
      expect(checkStepFields(editorSteps(c), 1, accounts())).toEqual([]);
      expect(findMissingFields("http", c)).toEqual([]);
      expect(() => assertLiveReady(editorSteps(c) as Step[])).not.toThrow();
      expect(stepAccountMessage("http", c, accounts())).toBeNull();
    }
  });

  it("still hold it without an account, and on an account without a base URL (whose own rule refuses Live)", () => {
    const none = config("https://{{ 1.callback_host }}/x", null);
    expect(checkStepFields(editorSteps(none), 1, accounts())).toEqual([{ field: "headers.0.value", message: SECRET_MARK, incomplete: true }]);
    expect(() => assertLiveReady(editorSteps(none) as Step[])).toThrow(/Header 1 value sends secret PSA_KEY/);

    const generic = config("https://{{ 1.callback_host }}/x", "no-base");
    expect(checkStepFields(editorSteps(generic), 1, accounts())).toEqual([
      { field: "headers.0.value", message: SECRET_MARK, incomplete: true },
      { field: "connectionId", message: expect.stringMatching(/^Account: the URL's host comes from a run's data .*"Generic" has no base URL/), incomplete: true },
    ]);
    // Go live refuses it on the account (assertLiveAccounts asks stepAccountMessage).
    expect(stepAccountMessage("http", generic, accounts())).toMatch(/"Generic" has no base URL/);
  });
});

describe("a run on an account with a base URL", () => {
  const run = (url: string, delivery: Record<string, unknown>, connectionId = "with-base") => {
    const scope = { outputs: { 1: delivery }, vars: {}, secrets: { PSA_KEY: KEY }, files: {} };
    const deps = memoryDeps([
      { id: "with-base", authKind: "none", baseUrl: psa.url },
      { id: "no-base", name: "Generic", authKind: "none", baseUrl: null },
    ]);
    const resolve = (v: unknown) => resolveReferences(v, scope);
    return createHttpExecutor(deps)(makeContext({ kind: "http", config: config(url, connectionId), outputs: { 1: delivery }, resolve }));
  };
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

  it("sends the secret when the data makes the account's own host", async () => {
    const res = await run("http://{{ 1.host }}/tickets", { host: new URL(psa.url).host });
    expect(res.output).toMatchObject({ status: 200 });
    expect(psa.requests.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([["/tickets", KEY]]);
  });

  it("sends nothing when the data makes another host, a full URL included", async () => {
    psa.requests.length = 0;
    const e = await failure(run("http://{{ 1.host }}/tickets", { host: new URL(elsewhere.url).host }));
    expect(e).toBeInstanceOf(StepError);
    expect((e as StepError).message).toMatch(/^the URL's host 127\.0\.0\.1:\d+ is not the account's/);
    expect([...psa.requests, ...elsewhere.requests]).toEqual([]);
  });

  it("does not carry the secret's header along a redirect to another host", async () => {
    psa.requests.length = 0;
    await run("http://{{ 1.host }}/moved", { host: new URL(psa.url).host });
    expect(psa.requests.map((r) => r.headers["x-api-key"])).toEqual([KEY]);
    expect(elsewhere.requests.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([["/landed", undefined]]);
  });

  it("fails on an account without a base URL, sending nothing", async () => {
    elsewhere.requests.length = 0;
    const e = await failure(run("http://{{ 1.host }}/x", { host: new URL(elsewhere.url).host }, "no-base"));
    expect((e as StepError).message).toMatch(/"Generic" has no base URL.*nothing was sent/);
    expect(elsewhere.requests).toEqual([]);
  });
});
