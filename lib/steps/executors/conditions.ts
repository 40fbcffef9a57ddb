// conditions: the first branch whose rules match (all / any) decides where the run goes; when
// none does, the otherwise branch. `next` is the target step id or "stop"; no `next` means the
// run ends here (an otherwise target of null). The branch rule itself — which steps a branch
// covers — lives in the engine (lib/runs/plan-path.ts).
import { conditionsConfig } from "@/lib/steps/catalog";
import { evaluateRule, RuleError } from "@/lib/steps/evaluate-rule";
import { StepError, type StepContext, type StepExecutor } from "./types";

type Rule = { left: string; op: Parameters<typeof evaluateRule>[1]; right?: unknown };

const short = (v: unknown) => {
  const s = v === undefined ? "null" : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

function ruleHolds(ctx: StepContext, rule: Rule): boolean {
  const left = ctx.resolve(rule.left).value;
  const right = rule.right === undefined ? null : ctx.resolve(rule.right).value;
  try {
    const result = evaluateRule(left, rule.op, right);
    ctx.log(`  ${short(left)} ${rule.op}${rule.right === undefined ? "" : ` ${short(right)}`} → ${result}`);
    return result;
  } catch (e) {
    if (e instanceof RuleError) throw new StepError(e.message);
    throw e;
  }
}

export const executeConditions: StepExecutor = async (ctx) => {
  const config = conditionsConfig.parse(ctx.step.config);
  for (const branch of config.branches) {
    const label = branch.name || branch.id;
    ctx.log(`branch ${label} (${branch.match}):`);
    const matched = branch.match === "all" ? branch.rules.every((r) => ruleHolds(ctx, r)) : branch.rules.some((r) => ruleHolds(ctx, r));
    if (matched) {
      ctx.log(`taken: ${label} → ${branch.target}`);
      return { output: { branch: branch.id, name: branch.name, matched: true }, next: branch.target };
    }
  }
  const target = config.otherwise.target;
  ctx.log(`taken: otherwise → ${target ?? "end of run"}`);
  return { output: { branch: "otherwise", matched: false }, next: target ?? undefined };
};
