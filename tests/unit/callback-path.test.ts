// safeCallbackPath decides where /signin redirects to: it must never leave this site, however
// the value is dressed up (browsers strip tabs and newlines and read "\" as "/").
import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/lib/auth/callback-path";

describe("safeCallbackPath against nasty inputs", () => {
  const refused: [string, string][] = [
    ["tab after the first slash", "/\t/127.0.0.1:3200/api/health/live"],
    ["%09 as the page decodes it", decodeURIComponent("%2F%09%2F127.0.0.1%3A3200%2Fx")],
    ["carriage return", "/\r/evil.example"],
    ["line feed", "/\n/evil.example"],
    ["CRLF header splitting", "/ok\r\nSet-Cookie: x=1"],
    ["tab before the first slash", "\t//evil.example"],
    ["leading space", " /x"],
    ["backslash after the slash", "/\\evil.example"],
    ["backslash then slash", "\\/evil.example"],
    ["backslash later on", "/w/1\\x"],
    ["protocol-relative", "//evil.example/x"],
    ["NUL", "/\u0000/evil.example"],
    ["no-break space", "/\u00a0/evil.example"],
    ["ideographic space", "/\u3000/evil.example"],
    ["line separator", "/x\u2028"],
    ["zero-width space", "/\u200b/evil.example"],
    ["byte order mark", "\ufeff//evil.example"],
    ["absolute URL hiding a tab", "http://localhost/\t/evil.example"],
    ["another scheme", "javascript:alert(1)"],
    ["a bare host", "evil.example"],
    ["dot segments back to sign-in", "/w/../signin?x=1"],
    ["dot segments into the API", "/x/../api/v1/workspaces"],
  ];
  it.each(refused)("refuses %s", (_name, value) => {
    expect(safeCallbackPath(value)).toBeNull();
  });

  const kept: [string, string, string][] = [
    ["a plain path with a query", "/w/1/workflows?x=1", "/w/1/workflows?x=1"],
    ["dot segments, normalised", "/w/1/../2/workflows", "/w/2/workflows"],
    ["/../ at the root", "/../workspaces", "/workspaces"],
    ["an encoded backslash stays a path", "/%5Cevil.example", "/%5Cevil.example"],
    ["an encoded tab stays a path", "/%09/evil.example", "/%09/evil.example"],
    ["encoded slashes stay a path", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["an absolute URL, stripped to its path", "http://127.0.0.1:4000/w/1/workflows#x", "/w/1/workflows#x"],
    // The editor's "sign in again" link: a page that names the workflow, the path encoded in its query.
    ["signed in again, naming a workflow", "/signed-in-again?workflow=%2Fw%2F1%2Fworkflows%2F2%3Fstep%3Da", "/signed-in-again?workflow=%2Fw%2F1%2Fworkflows%2F2%3Fstep%3Da"],
  ];
  it.each(kept)("keeps %s", (_name, value, path) => {
    expect(safeCallbackPath(value)).toBe(path);
  });
});
