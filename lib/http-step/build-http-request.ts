// Turns an http step's config into a concrete request: every field goes through the engine's
// reference resolver (values from references are data, never re-expanded), references in the
// URL are percent-encoded for their place (resolve-url-template.ts), query parameters are
// appended with proper encoding, a relative URL is joined to the connection's base URL (whose
// query, if any, comes first).
import type { z } from "@/lib/z";
import type { httpConfig } from "@/lib/steps/catalog";
import { StepError, type StepContext } from "@/lib/steps/executors/types";
import { encodeInCharset } from "./encode-charset";
import { readBase64 } from "./read-base64";
import { framingHeaderProblem } from "./framing-header";
import { resolveUrlTemplate } from "./resolve-url-template";
import { toText } from "./to-text";
import { URL_FORM_RULE, urlForm } from "./url-form";

export type HttpConfig = z.infer<typeof httpConfig>;
/** `body`: a binary body's bytes, or a Raw body in a charset other than UTF-8, are a Buffer, sent
 *  as they are; any other body is text (UTF-8). */
export type BuiltRequest = { method: string; url: string; headers: Record<string, string>; body?: string | Buffer };

export { toText } from "./to-text";

const hasScheme = (u: string) => /^[a-z][a-z0-9+.-]*:/i.test(u);

/** A relative URL joined to the base URL's path; the base's query is kept, the URL's own query
 *  after it. A base such as Azure OpenAI's `…/deployments/gpt4o?api-version=2024-06-01` carries a
 *  query every request needs: pasting the path after the whole base put it inside that query
 *  (`?api-version=2024-06-01/chat/completions`). The base's fragment is never sent, so dropped. */
export function joinBaseUrl(base: string | null | undefined, url: string): string {
  if (!base || hasScheme(url)) return url;
  const [baseRest] = splitAt(base, "#");
  const [basePath, baseQuery] = splitAt(baseRest, "?");
  const [rest, fragment] = splitAt(url, "#");
  const [path, query] = splitAt(rest, "?");
  const queries = [baseQuery, query].filter((q): q is string => !!q);
  return `${basePath.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}${queries.length ? `?${queries.join("&")}` : ""}${fragment !== undefined ? `#${fragment}` : ""}`;
}

function splitAt(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function setHeader(headers: Record<string, string>, name: string, value: string) {
  for (const k of Object.keys(headers)) if (k.toLowerCase() === name.toLowerCase()) delete headers[k];
  headers[name] = value;
}

export const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name.toLowerCase());

export function buildHttpRequest(config: HttpConfig, resolve: StepContext["resolve"], baseUrl?: string | null): BuiltRequest {
  const r = resolve({ headers: config.headers, query: config.query, body: config.body }).value as Pick<HttpConfig, "headers" | "query" | "body">;
  const resolved = resolveUrlTemplate(config.url, resolve).trim();
  // The URL as resolved is judged as Go live judged the URL as written (url-form.ts): a reference
  // may have filled in anything.
  const form = urlForm(resolved);
  if (form !== "absolute" && form !== "path") throw new StepError(`${URL_FORM_RULE}; it is "${resolved.slice(0, 200)}"`);
  if (form === "path" && !baseUrl) throw new StepError(`the URL "${resolved.slice(0, 200)}" is a path: choose an account with a base URL to complete it, or write the whole URL (http:// or https://)`);
  const rawUrl = joinBaseUrl(baseUrl, resolved);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new StepError(`the URL is not valid: "${rawUrl.slice(0, 200)}"`);
  }
  // Only a base URL can bring another scheme in now; the SSRF guard would refuse it too.
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new StepError(`the account's base URL is not http or https ("${rawUrl.slice(0, 200)}")`);
  for (const q of r.query ?? []) url.searchParams.append(toText(q.name), toText(q.value));

  const headers: Record<string, string> = {};
  for (const h of r.headers ?? []) {
    const name = toText(h.name).trim();
    const value = toText(h.value);
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new StepError(`header name "${name.slice(0, 100)}" is not valid`);
    // Also for a name a reference gave, or a step saved before the schema refused it.
    const framing = framingHeaderProblem(name);
    if (framing) throw new StepError(`${framing}; nothing was sent`);
    if (/[\r\n\0]/.test(value)) throw new StepError(`header ${name} contains a line break, which is not allowed`);
    // What Node's HTTP client sends (tab, visible ASCII, Latin-1); anything else failed the step
    // as an "internal error" (Invalid character in header content).
    const bad = /[^\t\x20-\x7e\x80-\xff]/u.exec(value)?.[0];
    if (bad) {
      const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      throw new StepError(`header ${name} contains ${/\p{C}/u.test(bad) ? "a control character" : `"${bad}"`} (${code}), which an HTTP header cannot carry: encode the value first (a Data Transformation with $encodeUrlComponent or $base64encode) or send it in the body`);
    }
    setHeader(headers, name, value);
  }

  let body: string | Buffer | undefined;
  const b = r.body ?? { type: "none" };
  // A JSON body with no value (the field cleared) sends no body, as a request without one would.
  if (b.type === "json" && b.json !== undefined) {
    body = JSON.stringify(b.json);
    if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/json";
  } else if (b.type === "form") {
    body = new URLSearchParams((b.fields ?? []).map((f) => [toText(f.name), toText(f.value)])).toString();
    if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (b.type === "raw") {
    if (!hasHeader(headers, "content-type")) headers["content-type"] = b.contentType || "text/plain";
    // In the charset the Content-Type sent declares (encode-charset.ts), UTF-8 without one.
    const type = Object.entries(headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
    const encoded = encodeInCharset(toText(b.raw), type);
    if ("problem" in encoded) throw new StepError(`the Raw body cannot be sent as ${type}: ${encoded.problem}; nothing was sent: remove the character, or send charset=utf-8`);
    body = encoded.body;
  } else if (b.type === "binary") {
    body = binaryBody(toText(b.base64));
    if (!hasHeader(headers, "content-type")) headers["content-type"] = b.contentType || "application/octet-stream";
  }
  if (!hasHeader(headers, "accept")) headers.accept = "application/json, text/plain;q=0.9, */*;q=0.8";
  if (!hasHeader(headers, "user-agent")) headers["user-agent"] = "msp-flow";
  return { method: config.method, url: url.href, headers, body };
}

/** The label the Configure form gives a binary body's base64 field (form-model.ts), which a
 *  refusal names. */
export const BINARY_BODY_FIELD = "Bytes (base64)";
const BINARY_REMEDY = "give the file's bytes as base64, e.g. {{ 2.body }} of an HTTP Request that downloaded it";

// Empty is refused too: a reference that found nothing (a step skipped, a wrong field) would
// otherwise send an empty file as if it were the one meant.
function binaryBody(base64: string): Buffer {
  if (base64.trim() === "") throw new StepError(`the body's ${BINARY_BODY_FIELD} is empty; nothing was sent: ${BINARY_REMEDY}`);
  const read = readBase64(base64);
  if (read.problem !== undefined) throw new StepError(`the body's ${BINARY_BODY_FIELD} is not base64: ${read.problem}; nothing was sent: ${BINARY_REMEDY}`);
  return Buffer.from(read.base64, "base64");
}
