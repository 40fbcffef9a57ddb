// npx tsx bench/expression-text.ts — time and peak memory of a Data Transformation step whose
// expression builds or scans a huge text (the worst cases the text limit of
// lib/steps/jsonata-text-functions.ts and the output limit of lib/runs/execute-step.ts are for).
// Each case runs the step the way the worker does (executeStep: evaluate, then check the output's
// size) in a child process of its own, so its peak RSS is its own; then the time a small ordinary
// expression takes per evaluation. Prints figures, not pass/fail.
import { spawnSync } from "node:child_process";
import { executeStep } from "@/lib/runs/execute-step";
import { evaluateExpression } from "@/lib/steps/evaluate-expression";

// 15 × 2^25 = 503,316,480 characters: joined by doubling with `&`, near V8's longest string.
const HALF_GB = '$reduce([1..25], function($a, $i) { $a & $a }, "xxxxxxxxxxxxxxx")';
const THIRTY = '[1..30].$pad("", 16000000, "x")';

const CASES: Record<string, string> = {
  "& doubled to 503M chars, as the output": HALF_GB,
  "$contains over 503M chars (& doubled)": `$contains(${HALF_GB}, "y")`,
  "$join of 30 × 16M chars": `$join(${THIRTY})`,
  "$string of 30 × 16M chars": `$string(${THIRTY})`,
  '$replace of 16M "x" by "yy"': '$replace($pad("", 16000000, "x"), "x", "yy")',
  '$split of 64M chars by ""': '$count($split($pad("", 16000000, "x") & $pad("", 16000000, "x") & $pad("", 16000000, "x") & $pad("", 16000000, "x"), ""))',
  '$encodeUrlComponent of 16M "é"': '$encodeUrlComponent($pad("", 16000000, "é"))',
  "output: a list of 30 × 16M chars": THIRTY,
  "allowed: $join of 4 × 4M chars": '$length($join([1..4].$pad("", 4000000, "x")))',
  '$split of 16M chars by "" (16M items)': '$count($split($pad("", 16777216, "x"), ""))',
  '$split of 16M chars by "x" (16M items)': '$count($split($pad("", 16777216, "x"), "x"))',
  'allowed: $split of 1M chars by ""': '$count($split($pad("", 1000000, "x"), ""))',
  'allowed: $replace of 16M "x" by ""': '$length($replace($pad("", 16000000, "x"), "x", ""))',
  // A date picture's width; an integer picture's grouping separators (each inserted by copying
  // the digits so far: at most 1,000).
  '$fromMillis width 100M ("[Y,100000000]")': '$length($fromMillis(0, "[Y,100000000]"))',
  '$formatInteger, 20,000 groups of "0,"': '$length($formatInteger(1, $join([1..20000].("0"), ",")))',
  'allowed: $formatInteger, 1,001 groups': '$length($formatInteger(1, $join([1..1001].("0"), ",")))',
  // Many texts each within the limit, built in one evaluation: a new 16M text per item, or a new
  // 16M join per item that a reader then lays out whole, kept until the timeout.
  "300 × $uppercase of 16M chars": '$count([1..300].$uppercase($pad("", 16000000, "x")))',
  "300 × 16M joins, each read": '$count([1..300].($s := $pad("", 16000000, "x") & $string($); $contains($s, "y") ? "" : $s))',
  "allowed: & of 40 × 400K chars (template)": `($x := $pad("", 400000, "x"); $length(${Array(40).fill("$x").join(' & "," & ')}))`,
};

// The cost every evaluation pays: a small expression of the bounded functions and `&`, evaluated
// again and again (compiled once, as the worker's cache keeps it), in µs per evaluation.
const ORDINARY = '$uppercase($x) & " " & $pad($string($n), 6, "0") & ": " & $join([$x, $lowercase($x)], ", ")';
const ORDINARY_RUNS = 200_000;

async function timeOrdinary(): Promise<string> {
  const opts = { resolveRef: () => undefined, extra: { x: "Ticket from Contoso", n: 42 } };
  for (let i = 0; i < 20_000; i++) await evaluateExpression(ORDINARY, opts);
  const started = performance.now();
  for (let i = 0; i < ORDINARY_RUNS; i++) await evaluateExpression(ORDINARY, opts);
  return `${(((performance.now() - started) * 1000) / ORDINARY_RUNS).toFixed(2)} µs per evaluation (${ORDINARY_RUNS.toLocaleString("en")} runs)`;
}

async function runCase(expression: string): Promise<string> {
  const outcome = await executeStep({
    ids: { runId: "bench", workflowId: "bench", workspaceId: "bench" },
    step: { id: "s2", kind: "transform", config: { fields: [{ name: "v", expression }] } } as never,
    number: 2,
    outputs: { 1: {} },
    values: { vars: {}, secrets: {} },
    files: {},
    redact: (v) => v,
    signal: new AbortController().signal,
    attempt: 1,
  });
  return outcome.ok ? "ok" : `failed: ${outcome.error.message}`;
}

if (process.argv[2] === "ordinary") {
  console.log(await timeOrdinary());
  process.exit(0);
}

if (process.argv[2] !== undefined) {
  const started = performance.now();
  const result = await runCase(CASES[process.argv[2]]).catch((e: Error) => `threw: ${e.message}`);
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ ms, peakMb: Math.round(process.resourceUsage().maxRSS / 1024), result: result.slice(0, 160) }));
  process.exit(0);
}

for (const name of Object.keys(CASES)) {
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], name], { encoding: "utf8", timeout: 120_000 });
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  let shown = line;
  try {
    const r = JSON.parse(line) as { ms: number; peakMb: number; result: string };
    shown = `${String(r.ms).padStart(7)} ms ${String(r.peakMb).padStart(6)} MB peak RSS  ${r.result}`;
  } catch {
    shown = `child ended: ${child.signal ?? `exit ${child.status}`} ${child.stderr.trim().split("\n").slice(-2).join(" ").slice(0, 160)}`;
  }
  console.log(`${name.padEnd(40)} ${shown}`);
}
const ordinary = spawnSync(process.execPath, [...process.execArgv, process.argv[1], "ordinary"], { encoding: "utf8", timeout: 300_000 });
console.log(`${"ordinary expression".padEnd(40)} ${ordinary.stdout.trim()}`);
