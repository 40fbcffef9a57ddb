// An HTTP Request that sends a `{{ secrets.X }}` (a header, the query, the body, the URL's user
// name or path) to a host a run's data makes: `https://{{ 1.callback_host }}/x` with
// `X-Api-Key: {{ secrets.PSA_KEY }}` sent the key to whoever posted the delivery. Like an account
// without a base URL, a secret goes only to a host written in the URL or taken from a variable or
// secret: the field holding it is unfinished in the editor, going Live refuses it, and a run fails
// the step before sending anything (also checked on the URL as resolved).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStepFields, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import type { EditorStep } from "@/lib/editor/step-ops";
import { executeStep } from "@/lib/runs/execute-step";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";
import { resolveReferences } from "@/lib/workflows/references";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

let sink: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  sink = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
});
afterAll(() => sink.close());

const KEY = "psa-api-key-5531";
const header = (url: string) => ({ method: "POST", url, headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] });
const SAID =
  "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (https://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; write the host in the URL, or take it from a variable or secret";

describe("the rule, on the step as written", () => {
  const flagged = (config: Record<string, unknown>) => findMissingFields("http", { method: "GET", ...config }).map((m) => m.field);

  it("names the field that sends a secret to a host a run's data makes", () => {
    const url = "https://{{ 1.callback_host }}/x";
    expect(findMissingFields("http", header(url))).toEqual([expect.objectContaining({ field: "headers.0.value", label: "Header 1 value", message: SAID })]);
    expect(flagged({ url, query: [{ name: "key", value: "k={{ secrets.PSA_KEY }}" }] })).toEqual(["query.0.value"]);
    expect(flagged({ url, body: { type: "json", json: { auth: { key: "{{ secrets.PSA_KEY }}" } } } })).toEqual(["body.json"]);
    expect(flagged({ url, body: { type: "json", json: { "{{ secrets.PSA_KEY }}": 1 } } })).toEqual(["body.json"]);
    expect(flagged({ url, body: { type: "raw", raw: "key={{ secrets.PSA_KEY }}" } })).toEqual(["body.raw"]);
    expect(flagged({ url, body: { type: "form", fields: [{ name: "a", value: "b" }, { name: "key", value: "{{ secrets.PSA_KEY }}" }] } })).toEqual(["body.fields.1.value"]);
    expect(flagged({ url: "https://bot:{{ secrets.PW }}@{{ 1.host }}/x" })).toEqual(["url"]);
    expect(flagged({ url: "https://{{ 1.host }}/k/{{ secrets.PW }}" })).toEqual(["url"]);
    expect(flagged({ url: "{{ 1.url }}?key={{ secrets.PW }}" })).toEqual(["url"]);
    expect(flagged({ url: "https://api.example.com{{ 1.rest }}", headers: [{ name: "Authorization", value: "Bearer {{ secrets.T }}" }] })).toEqual(["headers.0.value"]);
    expect(flagged({ url: "{{ vars.BASE }}{{ 1.rest }}", headers: [{ name: "Authorization", value: "Bearer {{ secrets.T }}" }] })).toEqual(["headers.0.value"]);
    expect(flagged({ url: "https://{{ files.host.txt }}/x", headers: [{ name: "X-Key", value: "{{ secrets.T }}" }] })).toEqual(["headers.0.value"]);
  });

  it("lets a secret go to a host written in the URL or taken from a variable or secret, and data without a secret anywhere", () => {
    const key = [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }];
    expect(flagged({ url: "https://psa.example.com/cb/{{ 1.callback_host }}?h={{ 1.h }}", headers: key })).toEqual([]);
    expect(flagged({ url: "{{ vars.PSA_URL }}/cb/{{ 1.id }}", headers: key })).toEqual([]);
    expect(flagged({ url: "https://{{ vars.TENANT }}.example.com/x", headers: key })).toEqual([]);
    expect(flagged({ url: "{{ secrets.HOOK_URL }}", body: { type: "json", json: { id: "{{ 1.id }}" } } })).toEqual([]);
    expect(flagged({ url: "https://{{ 1.callback_host }}/x", headers: [{ name: "X-Id", value: "{{ 1.id }}" }] })).toEqual([]);
    // A body of another type kept in the config is not sent.
    expect(flagged({ url: "https://{{ 1.host }}/x", body: { type: "none", raw: "{{ secrets.PSA_KEY }}" } })).toEqual([]);
  });
});

describe("the editor and Go live", () => {
  const steps: EditorStep[] = [
    { id: "t", kind: "webhook", name: "Webhook", config: {} },
    { id: "h", kind: "http", name: "Call back", config: header("https://{{ 1.callback_host }}/done") },
  ];

  it("marks the field holding the secret unfinished, saying why and what to do", () => {
    expect(checkSteps(steps).map(describeProblem)).toEqual([`step 2 (HTTP Request): ${SAID}`]);
    expect(checkStepFields(steps, 1)).toEqual([{ field: "headers.0.value", message: SAID, incomplete: true }]);
    const written = [steps[0], { ...steps[1], config: header("https://psa.example.com/done") }];
    expect(checkSteps(written)).toEqual([]);
  });

  it("refuses Live with 409 step_incomplete naming the step and field", () => {
    const e = (() => {
      try {
        assertLiveReady(steps as Step[]);
        return null;
      } catch (x) {
        return x as { status: number; code: string; message: string; details: unknown };
      }
    })();
    expect(e).toMatchObject({ status: 409, code: "step_incomplete", message: `step 2 (HTTP Request): ${SAID}; fill it in, or keep the workflow in Draft`, details: { step: 2, stepId: "h", field: "headers.0.value" } });
  });
});

describe("a run", () => {
  const host = () => new URL(sink.url).host;

  it("fails the step before sending anything, saying so (a workflow Live from before)", async () => {
    const step: Step = { id: "h", kind: "http", name: "Call back", config: { ...header("http://{{ 1.callback_host }}/done"), body: { type: "none" } } };
    const outcome = await executeStep({
      ids: { runId: "r", workflowId: "wf", workspaceId: "ws" },
      step,
      number: 2,
      outputs: { 1: { callback_host: host() } },
      values: { vars: {}, secrets: { PSA_KEY: KEY } },
      files: {},
      redact: (v) => v,
      signal: new AbortController().signal,
      attempt: 1,
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toBe(
      "Header 1 value sends secret PSA_KEY, and the URL's host comes from a run's data (http://{{ 1.callback_host }}): a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; nothing was sent: write the host in the URL, or take it from a variable or secret",
    );
    expect(sink.requests).toEqual([]);
  });

  const run = (config: Record<string, unknown>, delivery: Record<string, unknown>, vars: Record<string, string> = {}) => {
    const scope = { outputs: { 1: delivery }, vars, secrets: { PSA_KEY: KEY }, files: {} };
    const resolve = (v: unknown) => resolveReferences(v, scope);
    return createHttpExecutor(memoryDeps([]))(makeContext({ kind: "http", config: { method: "GET", ...config }, outputs: { 1: delivery }, vars, resolve }));
  };

  it("is held on the URL as resolved too: a variable shaped to let data finish the host sends nothing", async () => {
    const e = await run({ url: "{{ vars.A }}/{{ 1.host }}/x", headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] }, { host: host() }, { A: "http:/" }).then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(StepError);
    expect((e as StepError).message).toBe(
      `the URL's host ${host()} comes from a run's data, and the step sends a secret: a secret is sent only to a host written in the URL or taken from a variable or secret; nothing was sent`,
    );
    expect(sink.requests).toEqual([]);
  });

  it("sends a secret to a host written in the URL, data after it staying path", async () => {
    const res = await run({ url: `${sink.url}/cb/{{ 1.host }}`, headers: [{ name: "X-Api-Key", value: "{{ secrets.PSA_KEY }}" }] }, { host: "evil.example" });
    expect(res.output).toMatchObject({ status: 200 });
    expect(sink.requests.map((r) => [r.url, r.headers["x-api-key"]])).toEqual([["/cb/evil.example", KEY]]);
  });
});
