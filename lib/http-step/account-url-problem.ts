// Whether an account can serve an HTTP Request's URL, judged on the URL as written, the way the
// executor judges it once resolved (lib/steps/executors/http.ts): a relative URL needs the
// account's base URL to complete it; an account with a base URL sends its credentials to that
// origin only, so any other host fails every run; and an account without a base URL sends them
// only to a host the workspace chose: written in the step, or taken from a variable or secret
// (values its members set), never from a run's data. `https://{{ 1.callback_host }}/x` let
// whoever posts a delivery choose where the account's token goes. A URL whose host is a
// reference is judged at run time alone with an account that has a base URL (it must resolve to
// that origin). A push must not put such an account on a step nor the client's review offer it,
// and going Live refuses it. Pure and client-safe.
import { urlForm } from "@/lib/http-step/url-form";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";

export type AccountUrlProblem =
  | { kind: "needs_base_url" }
  | { kind: "other_host"; urlHost: string; accountHost: string }
  /** No base URL, and a run's data may make the URL's scheme, host or port: `written` is the
   *  URL's start as written (`https://{{ 1.host }}`, `{{ vars.BASE }}{{ 1.rest }}`). */
  | { kind: "host_from_data"; written: string };

// Stand for a reference's value while the URL's start is read: neither holds `/ ? # @`.
const DATA = "\u0000";
const WORKSPACE = "\u0001";

/** Whether a reference reads a value the workspace's members set (a variable, a secret), not
 *  data a run brings (a delivery, a step's output) nor a file's content. */
export function readsWorkspaceValue(reference: string): boolean {
  const ref = parseReference(reference.replace(/^\{\{|\}\}$/g, ""));
  return ref?.type === "vars" || ref?.type === "secrets";
}

// The URL's text as a URL parser reads it (WHATWG, as fetch and `new URL` do): a tab or newline
// anywhere is dropped, and in an http(s) URL a `\` is a `/` — so `http://{{ 1.u }}\@api.example.com`
// has the host {{ 1.u }}, not api.example.com. Each reference is one DATA or WORKSPACE mark;
// `ends[i]` is where the i-th character of `text` ends in the URL as written.
function asParsed(url: string): { text: string; ends: number[] } {
  const written = url.trim();
  let text = "";
  const ends: number[] = [];
  let last = 0;
  const add = (chunk: string, from: number) => {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === "\t" || c === "\n" || c === "\r") continue;
      text += c === "\\" ? "/" : c;
      ends.push(from + i + 1);
    }
  };
  for (const m of written.matchAll(REFERENCE_PATTERN)) {
    add(written.slice(last, m.index), last);
    text += readsWorkspaceValue(m[0]) ? WORKSPACE : DATA;
    last = m.index + m[0].length;
    ends.push(last);
  }
  add(written.slice(last), last);
  return { text, ends };
}

/** Where in the parsed text the host may stand: [start, end) spans of the authority (user info,
 *  host and port), each up to the next `/`, `?` or `#`. */
function authorities(text: string): [number, number][] {
  const head = text.split(/[?#]/, 1)[0];
  const slash = head.indexOf("/");
  if (slash === -1) return [[0, head.length]];
  // Before the first `/`: a base URL's host that the text after a reference extends
  // (`{{ vars.BASE }}{{ 1.rest }}`), or the whole start from data (`{{ 1.url }}/x`).
  const spans: [number, number][] = [[0, slash]];
  // A `//`, or a `/` right after a `:`, is where a scheme ends (`https://`, `{{ vars.PROTO }}://`,
  // `{{ vars.SCHEME }}//` with SCHEME "http:"): the authority is what follows, after every `/` —
  // an http(s) URL parser skips any number of them (`https:///x` is host x). A single `/` after a
  // reference (`{{ vars.BASE }}/{{ 1.path }}`) reads as a base URL's path, as the rule allows;
  // the run checks the URL as resolved for the rest.
  if (head[slash + 1] === "/" || head[slash - 1] === ":") {
    let start = slash;
    while (head[start] === "/") start++;
    const end = head.slice(start).search(/\//);
    spans.push([start, end === -1 ? head.length : start + end]);
  }
  return spans;
}

/** The first span whose host (after its last `@`) a run's data may make, or null. */
function dataHostSpan(url: string): { end: number } | null {
  const { text, ends } = asParsed(url);
  for (const [start, end] of authorities(text)) {
    const authority = text.slice(start, end);
    const host = authority.slice(authority.lastIndexOf("@") + 1);
    // `{` left over: a reference that does not parse, which a run cannot be trusted to leave alone.
    if (host.includes(DATA) || host.includes("{")) return { end: end === 0 ? 0 : ends[end - 1] };
  }
  return null;
}

/**
 * Whether a run's data may make the URL's scheme, host or port: a reference other than a variable
 * or secret at its start (`{{ 1.url }}/x`), in its host (`https://{{ 1.host }}/x`,
 * `https://{{ 1.tenant }}.example.com`, `{{ vars.PROTO }}://{{ 1.host }}/x`), or right after a
 * host before any `/`, `?` or `#` (`https://api.example.com{{ 1.rest }}`,
 * `{{ vars.BASE }}{{ 1.rest }}`: a value there that is not a path extends the host). Read as a URL
 * parser reads it (asParsed: `\` is `/`, tabs and newlines dropped). After a `/`, `?` or `#` a
 * value is encoded as path or query, and before an `@` as a user name or password, so it cannot
 * move the host. When the text leaves it open, the host counts as data-made.
 */
export function hostFromRunData(url: unknown): boolean {
  const form = urlForm(url);
  if (form !== "absolute" && form !== "templated") return false;
  return dataHostSpan(url as string) !== null;
}

/** The start of a URL as written, up to where the host a run's data makes ends (the whole
 *  authority when none does): what a message names. */
export function writtenStart(url: string): string {
  const text = url.trim();
  const end = dataHostSpan(text)?.end ?? /^(?:https?:\/\/)?(?:[^/?#{]|\{\{[^{}]*\}\})*/i.exec(text)![0].length;
  const start = text.slice(0, end);
  return start.length > 80 ? `${start.slice(0, 79)}…` : start;
}

export function accountUrlProblem(url: unknown, baseUrl: string | null | undefined): AccountUrlProblem | null {
  const form = urlForm(url);
  if (form === "path") return baseUrl ? null : { kind: "needs_base_url" };
  if (!baseUrl) {
    // Blank or not a URL at all: the URL field itself says what is wrong.
    return hostFromRunData(url) ? { kind: "host_from_data", written: writtenStart(url as string) } : null;
  }
  if (form !== "absolute") return null;
  // Scheme and authority only: the path may hold references, the host may not.
  const authority = /^https?:\/\/[^/?#]*/i.exec((url as string).trim())?.[0] ?? "";
  if (authority.includes("{{")) return null;
  try {
    const target = new URL(authority);
    const own = new URL(baseUrl);
    return target.origin === own.origin ? null : { kind: "other_host", urlHost: target.host, accountHost: own.host };
  } catch {
    return null; // an unparsable URL is named by the run itself
  }
}

/** The problem as a clause: `who` is the account, as the sentence names it ("PSA prod", "this account"). */
export function describeAccountUrlProblem(problem: AccountUrlProblem, who: string): string {
  switch (problem.kind) {
    case "needs_base_url":
      return `the URL is a path and ${who} has no base URL to complete it`;
    case "other_host":
      return `the URL goes to ${problem.urlHost}, and ${who} sends its credentials only to its base URL (${problem.accountHost})`;
    case "host_from_data":
      return `the URL's host comes from a run's data (${problem.written}), and ${who} has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step's output names`;
  }
}

/** What the step's author can do about it, in the editor and at Go live. */
export function accountUrlRemedy(problem: AccountUrlProblem): string {
  switch (problem.kind) {
    case "needs_base_url":
      return "choose an account with a base URL, or write the whole URL";
    case "other_host":
      return `use a relative URL, an account whose base URL is on ${problem.urlHost}, or no account`;
    case "host_from_data":
      return "give the account a base URL (the host it is for), or write the host in the URL";
  }
}

/** The step's Account field, as the editor shows it and Go live refuses it (409 step_incomplete). */
export function accountFieldMessage(problem: AccountUrlProblem, accountName: string): string {
  return `Account: ${describeAccountUrlProblem(problem, `"${accountName}"`)}; ${accountUrlRemedy(problem)}`;
}
