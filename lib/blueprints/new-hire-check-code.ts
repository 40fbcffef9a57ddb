// Blueprint 1's third Code step (step 7), run after the assigning $batch (step 6). Graph answers
// 200 for a $batch as a whole even when requests inside it fail — each inner response has its
// own status — so the HTTP step succeeds either way. Without this check a group that refuses the
// member, or a licence with no seats left, would let the run go on to tell the manager the
// account is ready. Any inner status of 400 or more fails the run here, naming each refused
// assignment with Graph's error, and what did take effect.
//
// Not retried, throttled (429) or unavailable (503) included, though Graph sends Retry-After:
// the engine retries a step by running it again, and running this check again re-reads the same
// answer; sending the whole $batch again would repeat the requests that took effect (a second
// members/$ref is a 400 "already exist"). Graph's advice is to resend only the refused requests
// after Retry-After; the message says so and gives the wait, for the technician to do by hand.
// (A $batch refused as a whole — 429 or 5xx on the outer answer — is retried by the HTTP step
// itself, honouring Retry-After: Graph ran none of it.)

/** JavaScript for the isolated code step; reads steps 2 (principal name), 5 (requests sent and
 *  their labels), 6 (the $batch answer). */
export const NEW_HIRE_CHECK_CODE = `const upn = steps[2].userPrincipalName, access = steps[5] || {}, answer = steps[6] || {};
const sent = (access.assignments || { requests: [] }).requests, labels = access.assignmentLabels || {};
const responses = (answer.body || {}).responses;
if (!Array.isArray(responses)) throw new Error("the directory's answer to the assignments $batch (step 6) has no responses, so nothing says whether " + upn + " got its licences and groups: check them in the admin centre");
const label = (id) => labels[id] || "request " + id;
// Graph's message, to one line of at most 200 characters, without its full stop (ours follow).
const cut = (t) => { t = t.replace(/\\s+/g, " ").trim().replace(/\\.$/, ""); return t.length > 200 ? t.slice(0, 200) + "…" : t; };
const failed = [], done = [];
let throttled = false;
for (const req of sent) {
  const r = responses.find((x) => String(x.id) === String(req.id));
  if (!r) { failed.push(label(req.id) + ": no answer in the $batch"); continue; }
  if (r.status < 400) { done.push(label(req.id)); continue; }
  const error = (r.body && r.body.error) || {};
  const headers = r.headers || {};
  const waitKey = Object.keys(headers).find((k) => k.toLowerCase() === "retry-after");
  const wait = waitKey ? String(headers[waitKey]).trim() : "";
  let line = label(req.id) + ": " + r.status + (error.code ? " " + error.code : "") + " — " + cut(String(error.message || "no message"));
  if (r.status === 429 || r.status === 503) {
    throttled = true;
    line += " (" + (r.status === 429 ? "throttled" : "unavailable") + (wait ? "; Graph asks to wait " + wait + (/^\\d+$/.test(wait) ? " s" : "") : "") + ")";
  }
  failed.push(line);
}
if (failed.length) {
  throw new Error(failed.length + " of " + sent.length + " assignments for " + upn + " failed in the directory, so the account is not ready: " + failed.join("; ") +
    ". Done: " + (done.join(", ") || "nothing") + ". Not sent again (the others took effect): " + (throttled ? "after the wait, " : "") +
    "assign what failed by hand, then invite the user to the password manager, record the contact and tell the manager");
}
return { assigned: done };`;
