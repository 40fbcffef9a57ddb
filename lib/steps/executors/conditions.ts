// conditions: the first branch whose rules match (all / any) decides where the run goes; when
// none does, the otherwise branch. `next` is the target step id or "stop"; no `next` means the
// run ends here (an otherwise target of null). The branch rule itself — which steps a branch
// covers — lives in the engine (lib/runs/plan-path.ts).
import { recordSeenKey } from "@/lib/runs/record-seen-key";
import { runInSandbox, SandboxError } from "@/lib/sandbox/run-in-sandbox";
import { conditionsConfig } from "@/lib/steps/catalog";
import { evaluateRule, matchesInput, RuleError } from "@/lib/steps/evaluate-rule";
import { seenKeyText, seenWindowDays } from "@/lib/steps/seen-before";
import { branchLabel, targetLabel } from "@/lib/steps/step-label";
import { StepError, type StepContext, type StepExecutor } from "./types";

type Rule = { left: string; op: Parameters<typeof evaluateRule>[1]; right?: unknown };

const short = (v: unknown) => {
  const s = v === undefined ? "null" : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

// Pattern and text may both come from payloads, and a backtracking pattern can take exponential
// time on a crafted text. In this process that would stall every run of the worker, so the
// match runs in the code step's sandbox, under a time limit.
const MATCH_TIME_LIMIT_MS = 1_000;
const MATCH_CODE = "const [source, flags, text] = steps[1]; return new RegExp(source, flags).test(text);";

async function matchInSandbox(ctx: StepContext, left: unknown, right: unknown): Promise<boolean> {
  const input = matchesInput(left, right);
  if (input === null) return false;
  try {
    const { value } = await runInSandbox({
      code: MATCH_CODE,
      steps: { 1: [input.re.source, input.re.flags, input.text] },
      vars: {},
      timeoutMs: MATCH_TIME_LIMIT_MS,
      isolationKey: ctx.workspaceId,
      signal: ctx.signal,
    });
    return value === true;
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    if (e.reason === "timeout") {
      throw new StepError(`the regular expression ${short(right)} took longer than ${MATCH_TIME_LIMIT_MS / 1000} s on this text (it backtracks too much); simplify it`);
    }
    throw new StepError(`matching ${short(right)} failed: ${e.message}`, { retryable: e.reason === "aborted" });
  }
}

const minute = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * "was already seen": true when an earlier live run of this workflow got to such a rule with the
 * id within the window (days, "Compare with"); else recorded now (lib/runs/record-seen-key.ts).
 * Recorded as the rule is evaluated, so a run that fails later has still seen it.
 */
async function seenBefore(ctx: StepContext, rule: Rule, left: unknown, right: unknown): Promise<boolean> {
  // No id is a fault of the workflow or the sender, said at once: taken as new, every repeat
  // without one would act again; taken as seen, every such event would be dropped unseen.
  const key = seenKeyText(left);
  if (key === null) {
    throw new StepError(`was already seen: ${rule.left.trim() || "the value"} has no value (${short(left)}), so there is no id to check; test it with exists first, in the same branch, to let events without one go on`);
  }
  const window = seenWindowDays(right);
  if ("error" in window) throw new StepError(`was already seen: the days to remember ${window.error}`);
  const days = `${window.days} day${window.days === 1 ? "" : "s"}`;
  let answer;
  try {
    answer = await recordSeenKey({ workflowId: ctx.workflowId, runId: ctx.runId, key, windowDays: window.days });
  } catch (e) {
    // Tried again by the engine: the run's own record, if this one was made, is not a repeat.
    throw new StepError(`could not check whether ${short(left)} was already seen: ${e instanceof Error ? e.message : String(e)}`, { retryable: true });
  }
  if (answer.seen) ctx.log(`  ${short(left)} was already seen (first on ${minute(answer.firstAt)}, run ${answer.firstRunId}; remembered ${days}) → true`);
  else if (answer.rerunOf) ctx.log(`  ${short(left)} was seen only by run ${answer.rerunOf}, which this run runs again: not a repeat (a test run: checked, not recorded) → false`);
  else if (answer.recorded) ctx.log(`  ${short(left)} was not seen in the last ${days}: recorded as seen by this run → false`);
  else ctx.log(`  ${short(left)} was not seen in the last ${days} (a test run: checked, not recorded) → false`);
  return answer.seen;
}

async function ruleHolds(ctx: StepContext, rule: Rule): Promise<boolean> {
  const left = ctx.resolve(rule.left).value;
  const right = rule.right === undefined ? null : ctx.resolve(rule.right).value;
  if (rule.op === "seen_before") return seenBefore(ctx, rule, left, right);
  try {
    const result = rule.op === "matches" ? await matchInSandbox(ctx, left, right) : evaluateRule(left, rule.op, right);
    ctx.log(`  ${short(left)} ${rule.op}${rule.right === undefined ? "" : ` ${short(right)}`} → ${result}`);
    return result;
  } catch (e) {
    if (e instanceof RuleError) throw new StepError(e.message);
    throw e;
  }
}

/** Rules in order, stopping at the first that decides the branch (as every/some would). */
async function branchMatches(ctx: StepContext, match: "all" | "any", rules: readonly Rule[]): Promise<boolean> {
  for (const rule of rules) {
    const holds = await ruleHolds(ctx, rule);
    if (match === "all" && !holds) return false;
    if (match === "any" && holds) return true;
  }
  return match === "all";
}

export const executeConditions: StepExecutor = async (ctx) => {
  const config = conditionsConfig.parse(ctx.step.config);
  for (const branch of config.branches) {
    const label = branchLabel(config, branch.id);
    ctx.log(`${label} (${branch.match}):`);
    const matched = await branchMatches(ctx, branch.match, branch.rules);
    if (matched) {
      ctx.log(`taken: ${label} → ${targetLabel(ctx.steps, branch.target)}`);
      return { output: { branch: branch.id, name: branch.name, matched: true }, next: branch.target };
    }
  }
  const target = config.otherwise.target;
  ctx.log(`taken: Otherwise → ${targetLabel(ctx.steps, target)}`);
  return { output: { branch: "otherwise", matched: false }, next: target ?? undefined };
};
