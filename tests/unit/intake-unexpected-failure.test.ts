// The intake's last line of defence: a failure nothing in the handler foresaw (here, the
// configuration refusing on first use) still answers a JSON 500 and is logged, in both adapters
// (they both answer what handleDelivery returns).
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/env", async (original) => ({
  ...(await original<typeof import("@/lib/env")>()),
  databaseUrl: () => {
    throw new Error("DATABASE_URL is not a valid URL");
  },
}));

const { handleDelivery } = await import("@/lib/intake/intake");
const { logger } = await import("@/lib/log");

describe("intake: unexpected failure", () => {
  it("answers 500 internal_error as JSON and logs the cause without the token", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => undefined as never);
    const res = await handleDelivery({
      method: "POST",
      token: "A".repeat(30),
      headers: { "content-type": "application/json" },
      readBody: async () => ({ tooLarge: false, size: 2, bytes: Buffer.from("{}") }),
    });
    expect(res.status).toBe(500);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(res.body)).toMatchObject({ error: "internal_error" });
    expect(error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(error.mock.calls[0]);
    expect(logged).toContain("DATABASE_URL is not a valid URL");
    expect(logged).not.toContain("A".repeat(30));
  });
});
