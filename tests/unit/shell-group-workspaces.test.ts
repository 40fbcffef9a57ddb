import { describe, expect, it } from "vitest";
import { groupWorkspaces, type SwitcherWorkspace } from "@/components/shell/group-workspaces";
import { relativeTime } from "@/components/ui/relative-time";

const ws = (id: string, name: string, kind: "provider" | "client", providerId: string | null = null): SwitcherWorkspace => ({ id, name, kind, providerId });

describe("workspace switcher order", () => {
  it("puts each provider first, followed by its own clients by name", () => {
    const groups = groupWorkspaces([ws("n", "Northwind", "client", "p"), ws("p", "Acme", "provider"), ws("c", "Contoso", "client", "p")]);
    expect(groups.map((g) => g.items.map((w) => w.name))).toEqual([["Acme", "Contoso", "Northwind"]]);
  });

  it("lists clients a user belongs to directly (no provider membership) on their own", () => {
    expect(groupWorkspaces([ws("n", "Northwind", "client", "p")])).toEqual([
      { key: "direct", label: null, nested: false, items: [ws("n", "Northwind", "client", "p")] },
    ]);
    const mixed = groupWorkspaces([ws("p", "Acme", "provider"), ws("x", "Other client", "client", "q")]);
    expect(mixed.map((g) => g.label)).toEqual([null, "Other workspaces"]);
  });
});

describe("relativeTime", () => {
  it("reads like a person would say it", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(relativeTime(new Date("2026-01-10T11:59:50Z"), now)).toBe("just now");
    expect(relativeTime(new Date("2026-01-10T11:57:00Z"), now)).toBe("3 minutes ago");
    expect(relativeTime(new Date("2026-01-10T09:00:00Z"), now)).toBe("3 hours ago");
    expect(relativeTime(new Date("2026-01-09T12:00:00Z"), now)).toBe("yesterday");
  });
});
