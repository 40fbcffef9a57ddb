// A key the client has as the other kind (a secret the workflow reads as a variable, or the
// reverse) is flagged `wrong_kind` and the preflight's notes tell the provider what it means:
// the push does not fix it, and the client's copy cannot go Live until someone does.
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import type { Step } from "@/lib/workflows/definition";

const steps: Step[] = [
  { id: "t", kind: "webhook", name: "Hook", config: {} },
  { id: "h", kind: "http", name: "Call", config: { method: "POST", url: "https://x.example/{{ vars.TENANT }}", headers: [{ name: "k", value: "{{ secrets.API_KEY }}" }], connectionId: null } },
];

const inputs = (): PushInputs => ({
  source: { id: "wf", name: "Call", version: 1, steps },
  sourceAccounts: new Map(),
  targetAccounts: [],
  targetVariables: new Map([
    ["TENANT", { secret: true, hasValue: true }],
    ["API_KEY", { secret: false, hasValue: true }],
  ]),
  targetFiles: new Map(),
  sourceFiles: new Map(),
  existing: null,
  sampleData: "keep",
});

describe("toPreflightView: a key of the other kind", () => {
  it("is flagged wrong_kind, noted for the provider, and counted", () => {
    const view = toPreflightView({ workflow: { id: "wf", name: "Call", version: 1, steps }, target: { id: "c", name: "Contoso" }, plan: planPush(inputs()) });
    expect(view.variables).toEqual([
      { key: "TENANT", secret: false, status: "wrong_kind" },
      { key: "API_KEY", secret: true, status: "wrong_kind" },
    ]);
    expect(view.notes).toContain(
      "TENANT exists in Contoso as a secret, but the workflow reads it as a variable: the push leaves it as it is, and the client must set it again as a variable before going Live: its review's \"Value of TENANT\" box saves it as one (or you change how the workflow reads it).",
    );
    expect(view.notes).toContain(
      "API_KEY exists in Contoso as a plain variable, but the workflow reads it as a secret: the push leaves it as it is, and the client must set it again as a secret before going Live: its review's \"Value of API_KEY\" box saves it as one (or you change how the workflow reads it).",
    );
    expect(view.attention).toBe(2);
  });
});
