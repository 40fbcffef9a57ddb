// Whether the web server will be able to listen where it is told, asked before the launcher
// builds, starts PostgreSQL or seeds anything: a PORT another program holds made the web server
// exit at once, again and again, until the crash-loop rule stopped everything ~17 s later — five
// `web failed to start` lines after an `open http://localhost:<PORT>` that pointed at that other
// program, and a first owner's generated password printed in the middle of it (found by QA).
import net from "node:net";

/** Why `host`:`port` cannot be listened on, worded as the web server's own failure, or null when it can. */
export function cannotListen(host: string | undefined, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (e: NodeJS.ErrnoException) => {
      const hint = e.code === "EADDRINUSE" ? " (another program listens there: stop it, or set PORT to a free port)" : "";
      resolve(`cannot listen on ${host ? `LISTEN_HOST ${host}, ` : ""}PORT ${port}: ${e.message}${hint}`);
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
