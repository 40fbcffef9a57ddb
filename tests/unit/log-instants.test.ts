import { describe, expect, it } from "vitest";
import { splitLogInstants } from "@/lib/editor/log-instants";

describe("splitLogInstants", () => {
  it("finds the worker's instants in its attempt lines, failed-at and next-attempt alike", () => {
    const log = [
      "GET https://psa.example/tickets → 503 (13 bytes, 4 ms)",
      "attempt 1 of 5 failed at 2026-11-24T06:53:52.705Z: 503 Service Unavailable (next attempt at 2026-11-24T06:55:52.705Z)",
      "attempt 2 of 5 failed at 2026-11-24T06:55:53Z: 503 Service Unavailable",
    ].join("\n");
    expect(splitLogInstants(log)).toEqual([
      "GET https://psa.example/tickets → 503 (13 bytes, 4 ms)\nattempt 1 of 5 failed at ",
      { iso: "2026-11-24T06:53:52.705Z" },
      ": 503 Service Unavailable (next attempt at ",
      { iso: "2026-11-24T06:55:52.705Z" },
      ")\nattempt 2 of 5 failed at ",
      { iso: "2026-11-24T06:55:53Z" },
      ": 503 Service Unavailable",
    ]);
  });

  it("leaves an instant a step logged itself as written, and a text without any whole", () => {
    const mine = "created at 2026-11-24T06:53:52.705Z\n  attempt 1 of 5 failed at 2026-11-24T06:53:52.705Z: quoted";
    expect(splitLogInstants(mine)).toEqual([mine]);
    expect(splitLogInstants("")).toEqual([""]);
  });
});
