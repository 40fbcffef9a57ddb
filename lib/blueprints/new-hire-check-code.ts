// Blueprint 1's check steps, each run after a directory $batch that assigns licences and groups.
// Graph answers 200 for a $batch as a whole even when requests inside it fail — each inner
// response has its own status — so the HTTP step succeeds either way. Without a check a group
// that refuses the member, or a licence with no seats left, would let the run go on to tell the
// manager the account is ready.
//
// Two kinds of inner failure are passing and Graph's guidance is to send the request again:
// throttling or a busy service (429, 503, 504, with Retry-After), and 404 for the user just
// created (a directory replica the creation has not reached yet; the groups and licences were
// found by the lookups moments before). Only those requests are sent again — the batch's others
// took effect, and a second members/$ref is a 400 "already exist" — after Retry-After (at most
// RETRY_AFTER_CAP_S) or, without one, ROUND_WAITS. The engine has no loop and runs a step once
// per run, so the rounds are written out: each check returns what is left as the next $batch and
// when to send it; a Wait step (until that instant) and an HTTP step send it; the next check reads
// the answer. A refusal that is not passing (400, 403 …) fails the run at once, naming it; what
// is still refused after the last round fails it there, so a real 404 is not retried for ever.
// An HTTP step always sends, and the engine cannot skip a step and rejoin the path, so a round
// with nothing left sends one harmless read of the user instead, and its check passes over it.

/** Rounds of sending again after the first $batch: three attempts in all. */
export const NEW_HIRE_RESEND_ROUNDS = 2;
/** The longest Retry-After the run waits for; Graph asking for more fails the run, saying so. */
export const RETRY_AFTER_CAP_S = 300;
/** Seconds before round 1 and 2 when Graph gives no Retry-After (a 404 while replicating). */
const ROUND_WAITS = [5, 20];

/** Step numbers of round `round`: 0 is the first check (7) after the assigning $batch (6); each
 *  later round is a Wait, the $batch sent again and its check (8, 9, 10; 11, 12, 13). */
export const checkRoundSteps = (round: number) => ({ wait: 5 + 3 * round, batch: 6 + 3 * round, check: 7 + 3 * round });

/** JavaScript for the isolated code step that checks the $batch of round `round`. Reads steps 2
 *  (principal name), 5 (the requests, their labels, the user's id), the previous round's check
 *  and the $batch answer just before this step. */
export function newHireCheckCode(round: number): string {
  const { batch } = checkRoundSteps(round);
  const previous = round === 0 ? 0 : checkRoundSteps(round - 1).check;
  return `const ROUND = ${round}, LAST = ${NEW_HIRE_RESEND_ROUNDS}, CAP = ${RETRY_AFTER_CAP_S}, WAITS = ${JSON.stringify(ROUND_WAITS)};
const upn = steps[2].userPrincipalName, access = steps[5] || {}, answer = steps[${batch}] || {};
const labels = access.assignmentLabels || {}, all = (access.assignments || { requests: [] }).requests;
const prev = ${round === 0 ? "null" : `steps[${previous}] || {}`};
const sent = ROUND === 0 ? all : (prev.left || []).length ? prev.resend.requests : [];
const assigned = ROUND === 0 ? [] : [...(prev.assigned || [])];
const firstAt = ROUND === 0 ? new Date().toISOString() : prev.firstAt;
const finish = () => ({ assigned });
// Nothing was left to send: the $batch before this step only read the user back.
const readBack = { requests: [{ id: "read-back", method: "GET", url: "/users/" + access.userId + "?$select=id" }] };
const nothingLeft = () => (ROUND === LAST ? finish() : { assigned, left: [], resend: readBack, retryAt: new Date().toISOString(), waitSeconds: 0, firstAt });
if (!sent.length) return nothingLeft();
const responses = (answer.body || {}).responses;
if (!Array.isArray(responses)) throw new Error("the directory's answer to the assignments $batch (step ${batch}) has no responses, so nothing says whether " + upn + " got its licences and groups: check them in the admin centre");
const label = (id) => labels[id] || "request " + id;
// Graph's message, to one line of at most 200 characters, without its full stop (ours follow).
const cut = (t) => { t = t.replace(/\\s+/g, " ").trim().replace(/\\.$/, ""); return t.length > 200 ? t.slice(0, 200) + "…" : t; };
// Retry-After in seconds (a number, or an HTTP date), or null.
const seconds = (v) => { v = String(v || "").trim(); if (!v) return null; if (/^\\d+$/.test(v)) return Number(v); const t = Date.parse(v); return Number.isFinite(t) ? Math.max(0, Math.ceil((t - Date.now()) / 1000)) : null; };
const refused = []; // in the order sent, each passing (to send again) or not
for (const req of sent) {
  const r = responses.find((x) => String(x.id) === String(req.id));
  if (!r) { refused.push({ req, line: label(req.id) + ": no answer in the $batch", status: 0, passing: false }); continue; }
  if (r.status < 400) { assigned.push(label(req.id)); continue; }
  const error = (r.body && r.body.error) || {};
  const message = String(error.message || "no message");
  // Sent again after a 503/504 whose request had taken effect after all: the member is there.
  if (ROUND > 0 && r.status === 400 && /members\\/\\$ref$/.test(req.url) && /already exist/i.test(message)) { assigned.push(label(req.id)); continue; }
  const headers = r.headers || {};
  const waitKey = Object.keys(headers).find((k) => k.toLowerCase() === "retry-after");
  const wait = waitKey ? String(headers[waitKey]).trim() : "";
  let line = label(req.id) + ": " + r.status + (error.code ? " " + error.code : "") + " — " + cut(message);
  const passing = r.status === 429 || r.status === 503 || r.status === 504 || r.status === 404;
  if (r.status === 404) line += " (the new user not known to the directory yet)";
  else if (passing) line += " (" + (r.status === 429 ? "throttled" : "unavailable") + (wait ? "; Graph asks to wait " + wait + (/^\\d+$/.test(wait) ? " s" : "") : "") + ")";
  refused.push({ req, line, status: r.status, wait: seconds(wait), passing });
}
const again = refused.filter((x) => x.passing);
const lines = (l) => l.map((x) => x.line).join("; ");
const done = () => (assigned.join(", ") || "nothing");
const rest = "assign what failed by hand, then invite the user to the password manager, record the contact and tell the manager";
if (refused.some((x) => !x.passing)) {
  const throttled = again.some((x) => x.status !== 404);
  throw new Error(refused.length + " of " + all.length + " assignments for " + upn + " failed in the directory, so the account is not ready: " + lines(refused) +
    ". Done: " + done() + ". Not sent again (the others took effect): " + (throttled ? "after the wait, " : "") + rest);
}
if (!again.length) return nothingLeft();
const tries = ROUND + 1;
if (ROUND === LAST) {
  const over = Math.round((Date.now() - Date.parse(firstAt)) / 1000);
  throw new Error(again.length + " of " + all.length + " assignments for " + upn + " were still refused by the directory after " + tries + " attempts over " + over + " s, so the account is not ready: " + lines(again) +
    ". Done: " + done() + ". " + (again.some((x) => x.status === 404) ? "A 404 this long after the creation is no longer replication: check the user and the groups exist, then " : "After the wait, ") + rest);
}
const wait = Math.max(1, ...again.map((x) => x.wait === null ? WAITS[ROUND] : x.wait));
if (wait > CAP) {
  throw new Error(again.length + " of " + all.length + " assignments for " + upn + " were refused for now, and Graph asks to wait " + wait + " s before sending them again, longer than the " + CAP + " s this workflow waits, so the account is not ready: " + lines(again) +
    ". Done: " + done() + ". After the wait, " + rest);
}
return { assigned, left: again.map((x) => label(x.req.id)), resend: { requests: again.map((x) => x.req) }, retryAt: new Date(Date.now() + wait * 1000).toISOString(), waitSeconds: wait, firstAt };`;
}
