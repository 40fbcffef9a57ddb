// An AI provider's 200 answer that is not a JSON completion: a truncated body failed the step
// "the AI answer has no message: {"choices": [ {"message":", sending people looking for a missing
// field; a web page (the base URL pointing at a site rather than its API) read the same. Each now
// says what the answer is, with its start. Real HTTP to a local server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiPromptExecutor } from "@/lib/steps/executors/ai-prompt";
import { StepError } from "@/lib/steps/executors/types";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

const ANSWERS: Record<string, [string | undefined, string | Buffer]> = {
  truncated: ["application/json", '{"choices": [ {"message": '],
  untyped: [undefined, '{"choices": [ {"message": '],
  html: ["text/html; charset=utf-8", "<!DOCTYPE html>\n<html>\n  <head><title>Sign in</title></head>\n  <body>Welcome</body>\n</html>"],
  empty: ["application/json", ""],
  nochoices: ["application/json", '{"object":"list","data":[]}'],
  // A binary answer (lib/http-step/binary-body.ts) is described, never quoted as base64.
  image: ["image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])],
  bytes: [undefined, Buffer.from([0xff, 0xfe, 0x00, 0x80])],
};

let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const [type, body] = ANSWERS[(req.url ?? "").split("/")[1]] ?? ["text/plain", "no route"];
    res.writeHead(200, type ? { "content-type": type } : {});
    res.end(body);
  });
});
afterAll(() => server.close());

async function failure(answer: string): Promise<string> {
  const deps = memoryDeps([{ id: "ai", app: "openai", name: "AI", authKind: "openai", baseUrl: `${server.url}/${answer}/v1`, config: { defaultModel: "m" }, credentials: { apiKey: "k-1" } }]);
  const e = await createAiPromptExecutor(deps)(makeContext({ kind: "ai_prompt", config: { connectionId: "ai", prompt: "hi" }, outputs: { 1: {} } })).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(StepError);
  return (e as StepError).message;
}

describe("an AI provider's 200 answer that is not a JSON completion", () => {
  it("truncated JSON is named as not valid JSON, with the start of the body", async () => {
    expect(await failure("truncated")).toBe(`the AI provider's answer is not valid JSON: {"choices": [ {"message":`);
    expect(await failure("untyped")).toBe(`the AI provider's answer is not valid JSON: {"choices": [ {"message":`);
  });

  it("a web page is named by its type, pointing at the base URL", async () => {
    expect(await failure("html")).toBe(
      "the AI provider's answer is not JSON but text/html (is the account's base URL the API's, e.g. https://api.openai.com/v1?): <!DOCTYPE html> <html> <head><title>Sign in</title></head> <body>Welcome</body> </html>",
    );
  });

  it("a binary answer is described by its size and type, not quoted", async () => {
    expect(await failure("image")).toBe("the AI provider's answer is not JSON but image/png (is the account's base URL the API's, e.g. https://api.openai.com/v1?): (binary body, 10 bytes, image/png)");
    expect(await failure("bytes")).toBe("the AI provider's answer is not valid JSON: (binary body, 4 bytes)");
  });

  it("an empty answer says so; JSON without choices still says it has no message", async () => {
    expect(await failure("empty")).toBe("the AI provider's answer is empty");
    expect(await failure("nochoices")).toBe('the AI answer has no message: {"object":"list","data":[]}');
  });
});
