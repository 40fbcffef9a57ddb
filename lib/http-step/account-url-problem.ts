// Whether an account can serve an HTTP Request's URL, judged on the URL as written, the way the
// executor judges it once resolved (lib/steps/executors/http.ts): a relative URL needs the
// account's base URL to complete it, and an account with a base URL sends its credentials to that
// origin only, so any other host fails every run. A push must not put such an account on a step
// nor the client's review offer it; a URL whose host is a reference is judged at run time alone.
// Pure and client-safe.
import { urlForm } from "@/lib/http-step/url-form";

export type AccountUrlProblem = { kind: "needs_base_url" } | { kind: "other_host"; urlHost: string; accountHost: string };

export function accountUrlProblem(url: unknown, baseUrl: string | null | undefined): AccountUrlProblem | null {
  const form = urlForm(url);
  if (form === "path") return baseUrl ? null : { kind: "needs_base_url" };
  if (form !== "absolute" || !baseUrl) return null;
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
  return problem.kind === "needs_base_url"
    ? `the URL is a path and ${who} has no base URL to complete it`
    : `the URL goes to ${problem.urlHost}, and ${who} sends its credentials only to its base URL (${problem.accountHost})`;
}
