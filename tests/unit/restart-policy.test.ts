import { describe, expect, it } from "vitest";
import { createRestartPolicy } from "@/scripts/create-restart-policy";

describe("createRestartPolicy", () => {
  it("backs off 1 s doubling to 30 s, and gives up at the 5th crash within 5 minutes", () => {
    let t = 0;
    const p = createRestartPolicy({ now: () => t });
    const waits: (number | null)[] = [];
    for (let i = 0; i < 5; i++) {
      t += 1_000; // each run dies a second after it started
      waits.push(p.crashed());
      p.started();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, null]);
  });

  it("caps the wait at 30 s when crashes are spread out", () => {
    let t = 0;
    const p = createRestartPolicy({ now: () => t, maxCrashes: 100 });
    const waits: (number | null)[] = [];
    for (let i = 0; i < 7; i++) {
      t += 10_000;
      waits.push(p.crashed());
      p.started();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it("starts again from 1 s after a minute of running, and forgets crashes older than 5 minutes", () => {
    let t = 0;
    const p = createRestartPolicy({ now: () => t });
    for (let i = 0; i < 4; i++) {
      t += 1_000;
      p.crashed();
      p.started();
    }
    t += 6 * 60_000; // ran six minutes
    expect(p.crashed()).toBe(1_000);
  });
});
