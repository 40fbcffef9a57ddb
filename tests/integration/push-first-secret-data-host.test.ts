// A FIRST push of a step that sends the client's secret to a host a run's data makes: the copy
// cannot go Live (the editor marks the step unfinished, Go live refuses it), and the preflight and
// the client's review say so in the words they use for a re-push that moves a secret there — they
// said it only for a re-push. A first push of a step whose host is written in its URL says nothing
// of where its secrets go: every secret goes somewhere new on a first push.
import { describe, expect, it } from "vitest";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const steps = (url: string) => [
  { id: "hook", kind: "webhook", config: {} },
  { id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, headers: [{ name: "x-api-key", value: "{{ secrets.PSA_KEY }}" }] } },
];

describe("a first push of a step that sends a secret to a host a run's data makes", () => {
  it("is said in the preflight and the client's review, as for a re-push", async () => {
    const source = await t.createSource("First call back", steps("https://{{ 1.callback_host }}/done"));
    const ws = t.clientA.id;
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${ws}`)).body;
    const problem =
      "This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), " +
      "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret PSA_KEY goes. " +
      "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.";
    expect(pre.existingCopy).toBeNull();
    expect(pre.secretDestinations).toEqual([expect.objectContaining({ stepId: "cb", secrets: ["PSA_KEY"], from: null, problem })]);
    expect(pre.notes).toContain(`Client A's copy cannot go Live after this push; its review says: “Step 2 (Call back): ${problem}”`);

    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: ws });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const review = (await t.adminA.get(`/api/v1/workflows/${pushed.body.copy.id}/review`)).body;
    expect(review.notices).toContain(`Step 2 (Call back): ${problem}`);
    expect(review.secretDestinations).toEqual([expect.objectContaining({ stepId: "cb", problem })]);
    // What the preflight quotes is the review's own notice.
    expect(pre.notes.some((n: string) => n.includes(review.notices.find((x: string) => x.startsWith("Step 2 (Call back)"))))).toBe(true);
  });

  it("says nothing of where the secrets go when the host is written in the URL", async () => {
    const source = await t.createSource("First plain call", steps("https://psa.example.com/done"));
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientB.id}`)).body;
    expect(pre.secretDestinations).toEqual([]);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientB.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const review = (await t.adminB.get(`/api/v1/workflows/${pushed.body.copy.id}/review`)).body;
    expect(review.secretDestinations).toEqual([]);
    expect(review.notices).toEqual([]);
  });
});
