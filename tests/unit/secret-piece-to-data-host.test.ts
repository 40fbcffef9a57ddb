// A secret carried to a host a run's data makes through an earlier step's output: a Data
// Transformation takes the key part of `client-id:key` out of {{ secrets.PSA_CREDS }} — a piece
// the output's mask does not know — and an HTTP Request sends `{{ 2.token }}` to
// `http://{{ 1.callback_host }}/done`. The executor finds the piece in the request as built and
// sends nothing; ordinary callbacks (data, a secret's digit-free parts such as its domain) go out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSecretPiece, PIECE, secretPieceInRequest, secretPieces } from "@/lib/http-step/secret-in-request";
import { executeStep } from "@/lib/runs/execute-step";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { redactSecrets } from "@/lib/secrets/redact-secrets";
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

const KEY = "k9XmQ2vL7pR4tZ8wB3nY6cJ1";
const SECRETS = { PSA_CREDS: `svc-automation@contoso.com:${KEY}`, HOOK: "https://hooks.example.com/services/intake" };
const host = () => new URL(sink.url).host;

// The Data Transformation as a run executes it, its output masked as every output is.
async function transformOutput(expression: string): Promise<unknown> {
  const step: Step = { id: "t", kind: "transform", name: "Split", config: { fields: [{ name: "token", expression }] } };
  const outcome = await executeStep({
    ids: { runId: "r", workflowId: "wf", workspaceId: "ws-1" },
    step,
    number: 2,
    outputs: { 1: { callback_host: host() } },
    values: { vars: {}, secrets: SECRETS },
    files: {},
    redact: redactSecrets(Object.values(SECRETS)),
    signal: new AbortController().signal,
    attempt: 1,
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.output;
}

const send = (config: Record<string, unknown>, token: unknown, withSecrets = true) => {
  const outputs = { 1: { callback_host: host(), id: "T-1042", note: "mail svc-automation@contoso.com" }, 2: token };
  const scope = { outputs, vars: {}, secrets: SECRETS, files: {} };
  const deps = { ...memoryDeps([]), ...(withSecrets ? { loadSecrets: async () => SECRETS } : {}) };
  return createHttpExecutor(deps)(makeContext({ kind: "http", config: { method: "POST", ...config }, outputs, resolve: (v: unknown) => resolveReferences(v, scope) }));
};
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe("a secret's piece on its way to a host a run's data makes", () => {
  it("survives the output's mask, so the request would carry it", async () => {
    const output = await transformOutput(`$substringAfter({{ secrets.PSA_CREDS }}, ":")`);
    expect(output).toEqual({ token: KEY });
    // The whole secret is masked; its key part is not one of the forms the mask knows.
    expect(await transformOutput(`{{ secrets.PSA_CREDS }}`)).toEqual({ token: "••••" });
  });

  it("is refused before sending, naming where and whose, never the piece", async () => {
    sink.requests.length = 0;
    const token = await transformOutput(`$substringAfter({{ secrets.PSA_CREDS }}, ":")`);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: "http://{{ 1.callback_host }}/done", headers: [{ name: "X-Token", value: "{{ 2.token }}" }] }, "header X-Token"],
      [{ url: "http://{{ 1.callback_host }}/done", body: { type: "json", json: { auth: "Bearer {{ 2.token }}" } } }, "the body"],
      [{ url: "http://{{ 1.callback_host }}/done", body: { type: "form", fields: [{ name: "k", value: "{{ 2.token }}" }] } }, "the body"],
      [{ url: "http://{{ 1.callback_host }}/done?k={{ 2.token }}" }, "the URL"],
      [{ url: "http://{{ 1.callback_host }}/done", query: [{ name: "k", value: "x{{ 2.token }}" }] }, "the URL"],
    ];
    for (const [config, where] of cases) {
      const e = await failure(send(config, token));
      expect(e, where).toBeInstanceOf(StepError);
      expect((e as StepError).message).toBe(
        `${where} carries part of secret PSA_CREDS (${PIECE} or more of its characters in a row), and the URL's host comes from a run's data: ` +
          "a secret is sent only to a host written in the URL or taken from a variable or secret, never to one a delivery or a step's output names; " +
          "nothing was sent: keep the secret out of earlier steps' outputs (read it here with {{ secrets.PSA_CREDS }}) and write the host in the URL, or take it from a variable or secret",
      );
      expect((e as StepError).message).not.toContain(KEY.slice(0, 6));
    }
    // Half of the key is a piece too.
    expect(await failure(send({ url: "http://{{ 1.callback_host }}/done", headers: [{ name: "X-Half", value: "{{ 2.token }}" }] }, { token: KEY.slice(6, 20) }))).toBeInstanceOf(StepError);
    expect(sink.requests).toEqual([]);
  });

  it("lets ordinary callbacks go: run data, a secret's digit-free parts, and a host written in the URL", async () => {
    sink.requests.length = 0;
    const data = { url: "http://{{ 1.callback_host }}/done", body: { type: "json", json: { id: "{{ 1.id }}", note: "{{ 1.note }}", hook: "https://hooks.example.com/services/x" } } };
    expect((await send(data, {})).output).toMatchObject({ status: 200 });
    // A host written in the URL may receive the piece: the workspace chose it.
    const written = { url: `${sink.url}/done/{{ 1.callback_host }}`, headers: [{ name: "X-Token", value: "{{ 2.token }}" }] };
    expect((await send(written, { token: KEY })).output).toMatchObject({ status: 200 });
    expect(sink.requests.map((r) => r.url)).toEqual(["/done", `/done/${host()}`]);
  });
});

describe("pieces", () => {
  it("are runs of the secret with a letter and a digit, from secrets long enough", () => {
    const pieces = secretPieces({ A: "abcdefghijklmnop", B: "short1", C: KEY, D: null });
    expect([...pieces.values()].every((k) => k === "C")).toBe(true);
    expect(findSecretPiece(`xx${KEY.slice(3, 3 + PIECE)}yy`, pieces)).toBe("C");
    expect(findSecretPiece(`xx${KEY.slice(3, 3 + PIECE - 1)}yy`, pieces)).toBeNull();
  });

  it("are found percent-encoded too, and the check is cheap on a large body", () => {
    const secret = "a1/b2+c3=d4 e5f6g7";
    expect(secretPieceInRequest({ url: "https://x.example/?k=" + encodeURIComponent(secret), headers: {} }, { S: secret })).toEqual({ where: "the URL", secret: "S" });
    const body = "x".repeat(4 * 1024 * 1024);
    const started = performance.now();
    expect(secretPieceInRequest({ url: "https://x.example/", headers: {}, body }, { S: KEY, T: SECRETS.PSA_CREDS })).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
