import net from "node:net";
import { describe, expect, it } from "vitest";
import { portProblemAfterWait } from "@/scripts/port-free";

const hold = async () => {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, r));
  return { server, port: (server.address() as net.AddressInfo).port };
};

describe("the launcher's port check", () => {
  it("starts on a port let go of while it waits (an MSP Flow killed a moment ago, still stopping)", async () => {
    const { server, port } = await hold();
    let waited = 0;
    const problem = await portProblemAfterWait(undefined, port, 30_000, () => {
      waited++;
      server.close();
    });
    expect(waited).toBe(1);
    expect(problem).toBeNull();
  });

  it("names a port still held when the wait is over", async () => {
    const { server, port } = await hold();
    try {
      const problem = await portProblemAfterWait(undefined, port, 0, () => undefined);
      expect(problem).toMatch(new RegExp(`^cannot listen on PORT ${port}: listen EADDRINUSE.* \\(another program listens there: stop it, or set PORT to a free port\\)$`));
    } finally {
      server.close();
    }
  });

  it("does not wait for a free port", async () => {
    const { server, port } = await hold();
    await new Promise((r) => server.close(r));
    let waited = 0;
    expect(await portProblemAfterWait(undefined, port, 30_000, () => waited++)).toBeNull();
    expect(waited).toBe(0);
  });
});
