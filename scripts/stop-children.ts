// Stops child processes the way the launchers need: SIGTERM (each finishes what it is doing),
// SIGKILL after a grace period, resolved once every one has exited.
import type { ChildProcess } from "node:child_process";

export function stopChildren(children: ChildProcess[], graceMs = 15_000): Promise<void> {
  return Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
          setTimeout(() => c.kill("SIGKILL"), graceMs).unref();
        }),
    ),
  ).then(() => undefined);
}
