// What an error line says of a thrown value: an Error's message; of anything else its message,
// or its JSON — never "[object Object]" (pg-boss emits plain objects during a shutdown).
import { describe, expect, it } from "vitest";
import { errorMessage } from "@/lib/log";

describe("errorMessage", () => {
  it("says what a thrown value is, Error or not", () => {
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage({ message: "aborted", name: "AbortError" })).toBe("aborted");
    expect(errorMessage({ code: "ECONNRESET", queue: "run-execute" })).toBe('{"code":"ECONNRESET","queue":"run-execute"}');
    expect(errorMessage("text")).toBe("text");
    expect(errorMessage(undefined)).toBe("undefined");
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(errorMessage(circular)).toBe("[object Object] a, self");
    expect(errorMessage({ big: "x".repeat(1000) })).toHaveLength(501);
  });
});
