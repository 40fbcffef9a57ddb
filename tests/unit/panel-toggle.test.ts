// The editor's Hide/Show of the Tools dock and Workflow data panel: remembered in localStorage,
// and still working (for the page) where touching localStorage throws.
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
    expect([store.read("tools"), store.read("data"), storage.items.get("msp-flow:editor:tools-collapsed"), told]).toEqual([true, false, "1", 1]);
    store.write("tools", false);
    expect([store.read("tools"), storage.items.size, told]).toEqual([false, 0, 2]);
  });

  it("still hides and shows a panel when storage is blocked, keeping the choice in memory", () => {
    const store = createCollapsedStore(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    let told = 0;
    store.listeners.add(() => told++);
    expect(store.read("data")).toBe(false);
    store.write("data", true);
    expect([store.read("data"), store.read("tools"), told]).toEqual([true, false, 1]);
    store.write("data", false);
    expect([store.read("data"), told]).toEqual([false, 2]);
  });
});
