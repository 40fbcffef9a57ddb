import { describe, expect, it } from "vitest";
import { parseJsonAsWritten } from "@/lib/json/parse-exact-json";
import { copyName, copySteps, type ReadStep } from "@/lib/workflow-list/copy-steps";
import { filterWorkflows } from "@/lib/workflow-list/filter-workflows";

describe("copySteps", () => {
  const steps: ReadStep[] = [
    { id: "a", kind: "webhook", name: "Alert", config: { sharedSecret: { set: true }, signatureHeader: "x-sig", testingData: { n: 1 } } },
    {
      id: "b",
      kind: "conditions",
      name: "Route",
      config: { branches: [{ id: "br1", name: "Critical", match: "all", rules: [{ left: "{{ 1.n }}", op: "equals", right: 1 }], target: "d" }], otherwise: { target: "stop" } },
    },
    { id: "c", kind: "transform", name: "Shape", config: { fields: [{ name: "n", expression: "{{ 1.n }}" }] } },
    { id: "d", kind: "transform", name: "Other", config: { fields: [{ name: "m", expression: "{{ 1.n }}" }] } },
  ];

  it("gives every step a new id and moves branch targets to them", () => {
    let i = 0;
    const { steps: out } = copySteps(steps, () => `new${++i}`);
    expect(out.map((s) => s.id)).toEqual(["new1", "new2", "new3", "new4"]);
    const cfg = out[1].config as { branches: { target: string }[]; otherwise: { target: string } };
    expect(cfg.branches[0].target).toBe("new4");
    expect(cfg.otherwise.target).toBe("stop");
    // Numbered references need no rewrite: the order is the same.
    expect(out[2].config).toEqual(steps[2].config);
  });

  it("drops the write-only secret echo and reports it", () => {
    const { steps: out, secretDropped } = copySteps(steps);
    expect(secretDropped).toBe(true);
    expect(out[0].config).toEqual({ signatureHeader: "x-sig", testingData: { n: 1 } });
    expect(copySteps([{ ...steps[0], config: { sharedSecret: { set: false } } }]).secretDropped).toBe(false);
  });

  it("never shares config objects with the original", () => {
    const { steps: out } = copySteps(steps);
    (out[0].config.testingData as { n: number }).n = 2;
    expect((steps[0].config.testingData as { n: number }).n).toBe(1);
    expect(out[0].id).toMatch(/^st_[0-9a-f]{18}$/);
  });

  it("keeps a 64-bit id in Testing data exact (as the editor reads it) in the copy", () => {
    const testingData = parseJsonAsWritten('{"ticketId":9007199254740993}');
    const { steps: out } = copySteps([{ id: "a", kind: "webhook", name: "Alert", config: { testingData } }]);
    expect(JSON.stringify(out[0].config.testingData)).toBe('{"ticketId":9007199254740993}');
  });

  it("clears an account that is no longer in the workspace (the copy asks for one) and counts it", () => {
    const withAccounts: ReadStep[] = [
      { id: "a", kind: "webhook", name: "Alert", config: {} },
      { id: "b", kind: "ai_prompt", name: "Ask", config: { prompt: "hi", connectionId: "gone" } },
      { id: "c", kind: "http", name: "Call", config: { url: "/x", connectionId: "kept" } },
    ];
    const { steps: out, accountsCleared } = copySteps(withAccounts, undefined, new Set(["kept"]));
    expect(out.map((s) => s.config.connectionId)).toEqual([undefined, null, "kept"]);
    expect(out[1].config.prompt).toBe("hi");
    expect(accountsCleared).toBe(1);
    // Not told the workspace's accounts: ids stay as they are.
    expect(copySteps(withAccounts).accountsCleared).toBe(0);
  });

  it("names the copy within the length limit", () => {
    expect(copyName("Alerts")).toBe("Alerts (copy)");
    const long = "x".repeat(200);
    expect(copyName(long)).toHaveLength(200);
    expect(copyName(long).endsWith(" (copy)")).toBe(true);
  });

  it("numbers a second copy instead of repeating a name in the list", () => {
    expect(copyName("Alerts", ["Alerts", "Alerts (copy)"])).toBe("Alerts (copy 2)");
    expect(copyName("Alerts", ["Alerts", "Alerts (copy)", "Alerts (copy 2)"])).toBe("Alerts (copy 3)");
    // A copy of a copy counts on from the original.
    expect(copyName("Alerts (copy)", ["Alerts", "Alerts (copy)"])).toBe("Alerts (copy 2)");
    expect(copyName("Alerts (copy 2)", ["Alerts (copy)", "Alerts (copy 2)"])).toBe("Alerts (copy 3)");
    const long = "y".repeat(200);
    const second = copyName(long, [copyName(long)]);
    expect(second).toHaveLength(200);
    expect(second.endsWith(" (copy 2)")).toBe(true);
  });
});

describe("filterWorkflows", () => {
  const wfs = [
    { name: "Défense alerts", mode: "live", triggerKind: "webhook", lastRun: { status: "failed" } },
    { name: "Licence report", mode: "draft", triggerKind: "scheduler", lastRun: null },
    { name: "New hire", mode: "draft", triggerKind: null, lastRun: { status: "succeeded" } },
  ];
  const names = (q: string) => filterWorkflows(wfs, q).map((w) => w.name);

  it("matches every word against name, mode, trigger and last run, ignoring case and accents", () => {
    expect(names("")).toHaveLength(3);
    expect(names("  DEFENSE ")).toEqual(["Défense alerts"]);
    expect(names("draft")).toEqual(["Licence report", "New hire"]);
    expect(names("live webhook")).toEqual(["Défense alerts"]);
    expect(names("failed")).toEqual(["Défense alerts"]);
    expect(names("never")).toEqual(["Licence report"]);
    expect(names("report live")).toEqual([]);
  });
});
