// The web server and the worker that `npm start` runs (scripts/supervise-app.ts) stop when the
// launcher itself is gone — SIGKILLed, by the OOM killer or by a process manager that kills
// only the main PID. Left running, they served on unsupervised, out of reach of Ctrl-C, and
// held the port a new `npm start` needed. The launcher gives each an IPC channel, which the
// kernel closes when it dies, however it dies: that is noticed at once ("disconnect") and
// handled as the launcher's own SIGTERM would be — a graceful stop (runs interrupted resume on
// the next start), or, before the process has installed its stop, the signal's default exit.
//
// Only under the launcher: started directly (npm run start:web / start:worker) there is no
// launcher to watch, and a process forked by something else (a process manager's IPC) keeps
// the behaviour it always had.

/** Set by the launcher in the environment of the processes it gives a channel. */
export const LAUNCHER_CHANNEL_ENV = "MSP_FLOW_LAUNCHER_CHANNEL";

/** Call once, first thing: `say` tells why the process is stopping. */
export function stopWithLauncher(say: (line: string) => void): void {
  const marked = process.env[LAUNCHER_CHANNEL_ENV] === "1";
  delete process.env[LAUNCHER_CHANNEL_ENV]; // not handed on to anything this process starts
  if (!marked || !process.channel) return;
  const gone = () => {
    try {
      say("the npm start launcher is gone; stopping as on SIGTERM");
    } finally {
      process.kill(process.pid, "SIGTERM");
    }
  };
  if (!process.connected) return gone();
  process.once("disconnect", gone);
  // Listening refs the channel; only what the process does should keep it alive.
  process.channel.unref();
}
