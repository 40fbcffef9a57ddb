// The editor's Hide/Show of the Tools dock and Workflow data panel: remembered in localStorage
// (collapsed, shown, or no choice: the layout's default), and still working (for the page) where
// touching localStorage throws.
import { describe, expect, it } from "vitest";
import { createCollapsedStore } from "@/components/editor/panel-toggle";

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
};

describe("createCollapsedStore", () => {
  it("keeps the choice in storage and tells the listeners", () => {
    const storage = memoryStorage();
    const store = createCollapsedStore(() => storage);
    let told = 0;
    store.listeners.add(() => told++);
    store.write("tools", true);
    expect([store.read("tools"), store.read("data"), storage.items.get("msp-flow:editor:tools-collapsed"), told]).toEqual([true, null, "1", 1]);
    store.write("tools", null);
    expect([store.read("tools"), storage.items.size, told]).toEqual([null, 0, 2]);
  });

  it("remembers a panel shown where it would start collapsed, apart from no choice at all", () => {
    const storage = memoryStorage();
    const store = createCollapsedStore(() => storage);
    store.write("data", false);
    expect([store.read("data"), storage.items.get("msp-flow:editor:data-collapsed")]).toEqual([false, "0"]);
    // A browser that kept only "1" (collapsed) or nothing before reads as it did.
    storage.items.set("msp-flow:editor:tools-collapsed", "1");
    expect([store.read("tools"), createCollapsedStore(() => memoryStorage()).read("tools")]).toEqual([true, null]);
  });

  it("still hides and shows a panel when storage is blocked, keeping the choice in memory", () => {
    const store = createCollapsedStore(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    let told = 0;
    store.listeners.add(() => told++);
    expect(store.read("data")).toBe(null);
    store.write("data", true);
    expect([store.read("data"), store.read("tools"), told]).toEqual([true, null, 1]);
    store.write("data", false);
    expect([store.read("data"), told]).toEqual([false, 2]);
    store.write("data", null);
    expect([store.read("data"), told]).toEqual([null, 3]);
  });
});
