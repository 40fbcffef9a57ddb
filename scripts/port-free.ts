// Whether the web server will be able to listen where it is told, asked before the launcher
// builds, starts PostgreSQL or seeds anything: a PORT another program holds made the web server
// exit at once, again and again, until the crash-loop rule stopped everything ~17 s later — five
// `web failed to start` lines after an `open http://localhost:<PORT>` that pointed at that other
// program, and a first owner's generated password printed in the middle of it (found by QA).
import net from "node:net";

export type ListenProblem = { inUse: boolean; message: string };

/** Why `host`:`port` cannot be listened on, worded as the web server's own failure, or null when it can. */
export function cannotListen(host: string | undefined, port: number): Promise<ListenProblem | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (e: NodeJS.ErrnoException) => {
      const inUse = e.code === "EADDRINUSE";
      const hint = inUse ? " (another program listens there: stop it, or set PORT to a free port)" : "";
      resolve({ inUse, message: `cannot listen on ${host ? `LISTEN_HOST ${host}, ` : ""}PORT ${port}: ${e.message}${hint}` });
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** cannotListen, but a port in use is asked again for up to `waitMs` first: the web server of a
 *  launcher killed a moment ago (a process manager restarting it at once) lets go of it within
 *  ~11 s (a second to notice, at most 10 s to stop). `onWait` is told once, when waiting begins. */
export async function portProblemAfterWait(host: string | undefined, port: number, waitMs: number, onWait: () => void): Promise<string | null> {
  let problem = await cannotListen(host, port);
  if (problem?.inUse) onWait();
  const deadline = Date.now() + waitMs;
  while (problem?.inUse && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    problem = await cannotListen(host, port);
  }
  return problem?.message ?? null;
}
