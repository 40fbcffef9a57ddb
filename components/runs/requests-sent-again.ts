// Run again on a failed run runs every step, so the HTTP Requests that already succeeded in it
// (a ticket created at the PSA) are sent again — a second ticket — while Run again from the failed
// step copies their outputs. Said before Run again goes, in the words Run again's note on a
// one-step test uses (test-run-kind.ts rerunNote) and Test & Debug's confirmation of a test's
// requests (test-sends.tsx). Pure and client-safe.

type Step = { number: number; kind: string; name: string | null; status: string };

/** The succeeded HTTP Request steps of a failed run that Run again would send again; empty otherwise. */
export function requestsSentAgain(run: { status: string; steps: readonly Step[] }): Step[] {
  if (run.status !== "failed") return [];
  return run.steps.filter((s) => s.kind === "http" && s.status === "succeeded").sort((a, b) => a.number - b.number);
}

const named = (s: Step) => `step ${s.number}${s.name ? ` (${s.name})` : ""}`;

/** The confirmation's title and words for those steps. */
export function sentAgainWords(sent: readonly Step[], failedAt: number | null) {
  const one = sent.length === 1;
  const list = one ? named(sent[0]) : `${sent.slice(0, -1).map(named).join(", ")} and ${named(sent[sent.length - 1])}`;
  return {
    title: one ? `Send step ${sent[0].number}'s request again?` : `Send the requests of ${sent.length} steps again?`,
    description:
      `Runs the whole workflow, not from the failed step: steps that call other services call them. In this run ${list} already sent ${one ? "its request" : "their requests"}, which succeeded; ` +
      `sent again for real, whatever ${one ? "it does" : "they do"} at the other end (creating a ticket, isolating a host) happens a second time.` +
      (failedAt ? ` Run again from step ${failedAt}, under the run's steps on the Runs page, copies ${one ? "its output" : "their outputs"} instead.` : ""),
  };
}
