// Go live (409 step_incomplete) says the Account field's words and adds its own way out, "or keep
// the workflow in Draft". The words for an account of another app end a sentence, and the join
// read "…if it really calls that app., or keep the workflow in Draft". Each message that goes
// through it must read as one sentence.
import { describe, expect, it } from "vitest";
import type { Tx } from "@/lib/db/client";
import { assertLiveAccounts } from "@/lib/workflows/assert-live-accounts";
import type { Step } from "@/lib/workflows/definition";

const accounts = [
  { id: "c-psa", name: "Fake PSA", baseUrl: "https://psa.example.com", app: "psa" },
  { id: "c-generic", name: "Generic", baseUrl: null, app: "psa" },
];
// Only the lookup assertLiveAccounts makes: the workspace's accounts among the steps' ids.
const tx = {
  connection: { findMany: async ({ where }: { where: { id: { in: string[] } } }) => accounts.filter((a) => where.id.in.includes(a.id)) },
} as unknown as Tx;

const hook: Step = { id: "t", kind: "webhook", name: "Hook", config: {} };
async function refusal(step: Step): Promise<string> {
  const e = await assertLiveAccounts({ workspaceId: "ws", steps: [hook, step], tx }).then(
    () => null,
    (x: unknown) => x as { status: number; code: string; message: string },
  );
  expect(e).toMatchObject({ status: 409, code: "step_incomplete" });
  return e!.message;
}

describe("Go live's refusal of a step's account", () => {
  it("joins an HTTP Request built for the RMM on a PSA account as one sentence", async () => {
    const step: Step = { id: "s", kind: "http", name: "Run script", config: { method: "POST", url: "/devices/1/scripts", connectionId: "c-psa", app: "rmm" } };
    expect(await refusal(step)).toBe(
      'step 2 (HTTP Request): Account: "Fake PSA" is a PSA / ticketing account, but this step was built for Remote monitoring (RMM): its calls would go out with PSA / ticketing credentials. ' +
        "Choose a Remote monitoring (RMM) account, or switch the step to PSA / ticketing if it really calls that app, or keep the workflow in Draft",
    );
  });

  it("joins an AI Prompt on another app's account likewise", async () => {
    const step: Step = { id: "a", kind: "ai_prompt", name: "Summarize", config: { connectionId: "c-psa", prompt: "x" } };
    const message = await refusal(step);
    expect(message).toMatch(/^step 2 \(AI Prompt\): Account: "Fake PSA" is a PSA \/ ticketing account, but this step was built for .+\. Choose a .+ account, or keep the workflow in Draft$/);
    expect(message).not.toMatch(/\.,/);
  });

  it("keeps the clauses that end without a full stop as they were", async () => {
    const gone: Step = { id: "a", kind: "ai_prompt", name: "Summarize", config: { connectionId: "c-deleted", prompt: "x" } };
    expect(await refusal(gone)).toBe("step 2 (AI Prompt): Account: the account it used was deleted: choose another, or keep the workflow in Draft");
    const fromData: Step = { id: "h", kind: "http", name: "Call", config: { method: "GET", url: "https://{{ 1.host }}/x", connectionId: "c-generic" } };
    expect(await refusal(fromData)).toMatch(/; give the account a base URL \(the host it is for\), or write the host in the URL, or keep the workflow in Draft$/);
  });
});
