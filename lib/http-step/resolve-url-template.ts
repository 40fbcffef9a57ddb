// Resolves the references in an HTTP step's URL. A reference inside a URL is data: its value is
// percent-encoded for the place it stands in, so `?user={{ 1.u }}&role=viewer` with u =
// "bob&role=admin#" sends user=bob%26role%3Dadmin%23 (one parameter, as written) and
// `/items/{{ 1.id }}/detail` with id "../status/500?" stays one path segment. The rule:
// - nothing but spaces before it (the whole URL, or its start as in `{{ vars.BASE_URL }}/x`):
//   inserted as written — it is the URL, or its scheme, host and any base path or query;
// - in the host part (`https://{{ vars.HOST }}/…`): inserted as written, but it may hold only a
//   host name or a port; before an `@` (user:password) it is encoded. A value there that starts
//   with `/`, `?` or `#` after a host (`{{ vars.BASE }}{{ 1.path }}`,
//   `https://api.example.com{{ 1.path }}`) ends the host: it is the path (each `/`-separated
//   piece encoded as a segment, `.` and `..` refused) or the query/fragment (encoded after its
//   `?` or `#`);
// - in the path: encoded as one segment (`/` too; `:` and `@` stay, as RFC 3986 allows), and a
//   value that would make a `.` or `..` segment is refused, since URL parsers resolve those;
// - after `?` or `#`: encoded as a query component (`& = + # /` too).
// A reference with no value (missing from the data, null or "") may not change what the URL
// is: one at the start fails the step (`{{ 1.base }}/x` would turn into the path "/x"), and so
// does one in the host that leaves the host empty, an empty label in it or a `:` without a port
// (`http://{{ 1.host }}/x` would be parsed as http://x/, the path's first segment as the host).
// Nor may one that is a whole path segment: `/users/{{ 1.id }}` with no id would send
// `DELETE /users/` (the collection) and `/items/{{ 1.id }}/detail` `/items//detail`.
import { StepError, type StepContext } from "@/lib/steps/executors/types";
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";
import { encodePathSegment, encodePathStart, encodeQueryComponent, encodeUserinfo } from "./encode-url-part";
import { toText } from "./to-text";

type Place = "prefix" | "host" | "userinfo" | "path" | "query";

const SCHEME_AUTHORITY = /^\s*[a-z][a-z0-9+.-]*:\/\/([^/?#]*)$/i;

/** The host written so far, when `before` ends inside a URL's authority. */
function hostSoFar(before: string): string {
  const authority = SCHEME_AUTHORITY.exec(before);
  return authority ? authority[1].slice(authority[1].lastIndexOf("@") + 1) : "";
}

/** A host-placed value that starts the path, query or fragment right after a host: the text to
 *  insert, and its probe (each path piece as "x", so a `.` or `..` piece is caught below). */
function startOfPath(value: string): { text: string; probe: string } {
  const text = encodePathStart(value);
  if (value[0] !== "/") return { text, probe: text };
  return { text, probe: value.split("/").map((_p, i) => (i === 0 ? "" : "x")).join("/") };
}

const EMPTY_HOST = "the URL's host is empty";

/** What is wrong with a URL's host and port as resolved, if anything a missing value explains. */
function brokenHost(url: string): string | null {
  // http(s) only: any other scheme is refused as such (url-form.ts).
  const authority = /^\s*https?:\/\/([^/?#]*)/i.exec(url);
  if (!authority) return null;
  const hostPort = authority[1].slice(authority[1].lastIndexOf("@") + 1);
  const { host, port } = /^(?<host>\[[^\]]*\]|[^:]*)(?<port>:.*)?$/.exec(hostPort)!.groups as { host: string; port?: string };
  if (host === "") return EMPTY_HOST;
  if (host.startsWith(".") || host.includes("..")) return `the URL's host "${host.slice(0, 100)}" has an empty part`;
  if (port === ":") return "the URL's port is empty";
  return null;
}

function placeOf(before: string, after: string): Place {
  if (before.trim() === "") return "prefix";
  if (/[?#]/.test(before)) return "query";
  const authority = SCHEME_AUTHORITY.exec(before);
  if (!authority) return "path";
  // Still in the authority: is an `@` ahead of us within it (user info) or behind us / none (host)?
  const rest = after.split(/[/?#]/, 1)[0];
  return !authority[1].includes("@") && rest.includes("@") ? "userinfo" : "host";
}

// No `%`: the URL parser would decode it, and a host's text must stay as the masking knows it.
const HOST_TEXT = /^[A-Za-z0-9.\-_~:[\]]*$/;
const isDotSegment = (s: string) => /^(\.|%2e){1,2}$/i.test(s);

/** The path segments of a (possibly relative) URL text. */
function pathSegments(url: string): string[] {
  const path = url.split(/[?#]/, 1)[0].replace(/^\s*[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  return path.split("/");
}

export function resolveUrlTemplate(template: string, resolve: StepContext["resolve"]): string {
  let out = "";
  // The same URL with every path-placed value replaced by "x": which dot segments the data made.
  let probe = "";
  let last = 0;
  // The first reference in the host that gave nothing: what to blame if the host is broken.
  let emptyInHost: string | null = null;
  const noValue = (ref: string) => `${ref} has no value`;
  for (const m of template.matchAll(REFERENCE_PATTERN)) {
    const literal = template.slice(last, m.index);
    out += literal;
    probe += literal;
    last = m.index + m[0].length;
    if (!parseReference(m[1])) {
      out += m[0];
      probe += m[0];
      continue;
    }
    const value = toText(resolve(m[0]).value);
    const place = placeOf(out, template.slice(last));
    const ref = m[0].trim();
    if (place === "prefix" && value.trim() === "") {
      const what = template.slice(last).trim() === "" && out.trim() === "" ? "the URL is empty" : "the start of the URL (its scheme and host) is empty";
      throw new StepError(`${what}: ${noValue(ref)}`);
    }
    if (place === "host" && value === "") emptyInHost ??= ref;
    if (place === "path" && value === "" && out.endsWith("/") && /^(?:$|[/?#])/.test(template.slice(last))) {
      throw new StepError(`a segment of the URL's path is empty: ${noValue(ref)} (the request would go to another path)`);
    }
    if (place === "host" && /^[/?#]/.test(value) && hostSoFar(out) === "" && emptyInHost) {
      throw new StepError(`${EMPTY_HOST}: ${noValue(emptyInHost)}`);
    }
    if (place === "host" && /^[/?#]/.test(value) && hostSoFar(out) !== "") {
      const start = startOfPath(value);
      out += start.text;
      probe += start.probe;
      continue;
    }
    if (place === "host" && !HOST_TEXT.test(value)) {
      throw new StepError(`${ref} gives ${JSON.stringify(value.slice(0, 100))} in the URL's host, which takes only a host name or port`);
    }
    const text = place === "prefix" || place === "host" ? value : place === "path" ? encodePathSegment(value) : place === "userinfo" ? encodeUserinfo(value) : encodeQueryComponent(value);
    out += text;
    probe += place === "path" ? "x" : text;
  }
  out += template.slice(last);
  probe += template.slice(last);
  const broken = brokenHost(out);
  if (broken && emptyInHost) throw new StepError(`${broken}: ${noValue(emptyInHost)}`);
  // Written so, or given so by a base URL: the URL parser would take the path's first segment.
  if (broken === EMPTY_HOST) throw new StepError(`${EMPTY_HOST}: "${out.trim().slice(0, 200)}"`);
  const segments = pathSegments(out);
  const written = pathSegments(probe);
  segments.forEach((s, i) => {
    if (isDotSegment(s) && !isDotSegment(written[i] ?? "")) {
      throw new StepError(`a reference in the URL's path gives "${s}", which would move the request to another path; data may not make a . or .. segment`);
    }
  });
  return out;
}
