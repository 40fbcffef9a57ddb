// Production (and dev) HTTP server: Next's request handler for pages and the management API,
// and the fast path for POST /hooks/* straight into lib/intake, which a Next route handler
// cannot match for throughput (see README, Performance).
import http from "node:http";
import net from "node:net";
import next from "next";
import { env, generateSecretKeyAtCheck } from "@/lib/env";
import { malformedPathResponse } from "@/lib/api/malformed-path";
import { SECURITY_HEADERS } from "@/lib/api/plain-response";
import { unroutableMethodResponse } from "@/lib/api/unroutable-method";
import { answerClientError } from "@/lib/api/client-error";
import { hookToken, refusedFromHeaders, serveHook } from "@/lib/intake/serve-node";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";
import { waitForDatabase } from "@/lib/db/wait-for-database";
import { db, keepSessionOpen } from "@/lib/db/client";
import { DATABASE_DOWN } from "@/lib/health/read-health";
import { stopWithLauncher } from "@/lib/stop-with-launcher";
import { lifecycleLogger, startUpLogger } from "@/lib/log";
import { exitOnStartFailure } from "@/lib/start-up-failure";

stopWithLauncher((line) => startUpLogger().warn({ component: "web" }, line)); // under npm start: not left running if the launcher is killed
process.env.PGAPPNAME = "msp-flow-web"; // its database sessions, whatever the environment says (lib/db/list-app-sessions.ts)
keepSessionOpen();
generateSecretKeyAtCheck(); // a missing DATA_DIR/secret-key only for a database without a key (verifySecretKey)

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

// Until the database answers and Next is prepared (a start during a database outage waits for it,
// lib/db/wait-for-database.ts), the port is already open: liveness says the process lives —
// an orchestrator must not restart a replica for an outage it cannot fix — while readiness, the
// health report and everything else answer 503, as they would with the database down later.
const answerWhileStarting: Handler = (req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  const [status, body] =
    path === "/api/health/live"
      ? [200, { ok: true }]
      : path === "/api/health"
        ? [503, DATABASE_DOWN]
        : path === "/api/health/ready"
          ? [503, { ...DATABASE_DOWN, ready: false, reason: "the web server is starting: it waits for its database to answer" }]
          : [503, { error: "temporarily_unavailable", message: "The service is starting (waiting for its database); retry shortly." }];
  res.writeHead(status, { "content-type": "application/json", ...SECURITY_HEADERS, ...(status === 503 ? { "retry-after": "5" } : {}) }).end(JSON.stringify(body));
};

async function main() {
  // Read here, not at import: a configuration error is then main's one line, not a stack trace.
  const dev = env().NODE_ENV !== "production";
  const port = env().PORT;
  let onRequest: Handler = answerWhileStarting;
  let onCheckContinue: Handler = answerWhileStarting; // no 100 Continue: nothing is read yet
  const server = http.createServer((req, res) => onRequest(...drain.track(req, res)));
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => onCheckContinue(...drain.track(req, res)));
  server.on("clientError", answerClientError); // a method node's parser does not know: 405, not an empty 400
  server.keepAliveTimeout = 65_000;
  const host = env().LISTEN_HOST;
  await new Promise<void>((resolve, reject) => {
    // Named by its settings: "getaddrinfo ENOTFOUND …" or "listen EADDRNOTAVAIL …" alone did not say which.
    server.once("error", (e) => reject(new Error(`cannot listen on ${host ? `LISTEN_HOST ${host}, ` : ""}PORT ${port}: ${e.message}`)));
    server.listen(port, host, () => resolve());
  });
  installStop(server);

  // A key that cannot read the stored secrets is refused before serving; an unreachable
  // database is waited for (lib/db/wait-for-database.ts). Checked through this process's own
  // pool, whose first session stays open: from here on this process is seen in pg_stat_activity
  // (lib/db/list-app-sessions.ts).
  await waitForDatabase("web", () => verifySecretKey({ db: db() }));
  const app = next({ dev, dir: import.meta.dirname, port, hostname: "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const fastPath = env().INTAKE_FAST_PATH;
  const trustProxy = env().TRUST_PROXY;
  const serve: Handler = (req, res) => {
    const token = fastPath ? hookToken(req.url) : null;
    if (token !== null) void serveHook(req, res, token);
    else {
      const bad = unroutableMethodResponse(req.method, req.url) ?? malformedPathResponse(req.url);
      if (bad) return void res.writeHead(bad.status, bad.headers).end(bad.body);
      if (!trustProxy) {
        req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
        delete req.headers["x-real-ip"];
      }
      void handle(req, res);
    }
  };
  onRequest = serve;
  // Expect: 100-continue. Unhandled, node invites every upload; a delivery the intake refuses
  // from its headers alone (not a POST, a declared length over the limit) is answered without
  // the invitation, so a sender is not asked to send 20 MB to be told 413.
  onCheckContinue = (req, res) => {
    if (!(fastPath && hookToken(req.url) !== null && refusedFromHeaders(req))) res.writeContinue();
    serve(req, res);
  };
  lifecycleLogger("web").info(
    { host: host ?? null, port, mode: dev ? "dev" : "production" },
    `web listening on http://${host ?? "localhost"}:${port}${host ? "" : " (every interface)"} (${dev ? "dev" : "production"})`,
  );
}

// Stopping drains the open connections: a request already received, or one a keep-alive sender
// sends on its open connection meanwhile, is answered as usual but with `Connection: close`, so
// the sender takes its next request elsewhere (the port is closed: a load balancer's other
// replica, or a retry once this one is back) and each connection ends after that answer. Kept
// alive, a busy sender's connections were served on until the 10 s cut, which reset the
// requests in flight at that moment (found by QA).
const STOPPING = JSON.stringify({ error: "temporarily_unavailable", message: "The server is stopping; retry shortly." });
const drain = (() => {
  const open = new Set<http.ServerResponse>();
  let stopping = false;
  return {
    track(req: http.IncomingMessage, res: http.ServerResponse): [http.IncomingMessage, http.ServerResponse] {
      if (stopping) res.shouldKeepAlive = false;
      open.add(res);
      res.once("close", () => open.delete(res));
      return [req, res];
    },
    start() {
      stopping = true;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    /** At the cut, what is still unanswered (a delivery waiting on a hung database, an upload that
     *  never ends) gets 503 temporarily_unavailable, Retry-After: 5, rather than a reset connection
     *  that tells its sender nothing. `written`: once those answers are out. */
    answerTheRest(): { count: number; written: Promise<unknown> } {
      const unanswered = [...open].filter((res) => !res.headersSent && !res.destroyed);
      const written = Promise.all(
        unanswered.map(
          (res) =>
            new Promise<void>((resolve) => {
              res.once("close", resolve);
              res.writeHead(503, { "content-type": "application/json", ...SECURITY_HEADERS, "retry-after": "5", "content-length": Buffer.byteLength(STOPPING) }).end(STOPPING, resolve);
            }),
        ),
      );
      return { count: unanswered.length, written };
    },
  };
})();

function installStop(server: http.Server) {
  // Ctrl-C under npm delivers SIGINT twice (the terminal's, and npm's own copy): stop once.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lifecycleLogger("web").info({ signal }, `web stopping (${signal})`);
    drain.start();
    // The port closes now, the open connections as they drain. http.Server's own close() would
    // also close every idle keep-alive connection at once — resetting the requests their senders
    // were writing at that instant (a busy sender's connection is idle between its requests) — so
    // the listening socket is closed alone, and a connection still idle after a second (a sender
    // with nothing more to send) is closed then, as is one idle later (an answer kept alive
    // before the stop), without waiting for the cut.
    net.Server.prototype.close.call(server, () => process.exit(0));
    setTimeout(() => setInterval(() => server.closeIdleConnections(), 250).unref(), 1_000).unref();
    // A keep-alive client that never sends again, or a request that never ends, must not hold
    // the stop for ever: 10 s, as long as the worker gives its runs.
    // What is unanswered then gets a 503 first (written within a second at most).
    setTimeout(() => {
      const exit = () => {
        server.closeAllConnections();
        process.exit(0);
      };
      const unanswered = drain.answerTheRest();
      if (unanswered.count > 0) lifecycleLogger("web").warn({ unanswered: unanswered.count }, `web stopping: ${unanswered.count} requests still unanswered after 10 s were answered 503`);
      void unanswered.written.then(exit);
      setTimeout(exit, 1_000).unref();
    }, 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

// One JSON line, even for a configuration error (the logger is then built without it).
main().catch((e) => exitOnStartFailure("web", e));
