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
    if (place === "host" && /^[/?#]/.test(value) && hostSoFar(out) !== "") {
      const start = startOfPath(value);
      out += start.text;
      probe += start.probe;
      continue;
    }
    if (place === "host" && !HOST_TEXT.test(value)) {
      throw new StepError(`${m[0].trim()} gives ${JSON.stringify(value.slice(0, 100))} in the URL's host, which takes only a host name or port`);
    }
    const text = place === "prefix" || place === "host" ? value : place === "path" ? encodePathSegment(value) : place === "userinfo" ? encodeUserinfo(value) : encodeQueryComponent(value);
    out += text;
    probe += place === "path" ? "x" : text;
  }
  out += template.slice(last);
  probe += template.slice(last);
  const segments = pathSegments(out);
  const written = pathSegments(probe);
  segments.forEach((s, i) => {
    if (isDotSegment(s) && !isDotSegment(written[i] ?? "")) {
      throw new StepError(`a reference in the URL's path gives "${s}", which would move the request to another path; data may not make a . or .. segment`);
    }
  });
  return out;
}
