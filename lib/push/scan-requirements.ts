// What a workflow needs from the workspace it runs in: variable and secret keys, files,
// account-using steps, and trigger sample data. Pure, so preflight, push and the client review
// read a definition the same way. Variables count wherever a step can read them: references in
// templates, and reads of `vars` inside a code step's body (`vars.KEY`, `vars?.["KEY"]`,
// `const { KEY } = vars` …: lib/workflows/code-var-reads.ts).
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { findCodeVarReads } from "@/lib/workflows/code-var-reads";
import { REFERENCE_PATTERN, parseReference, templateFields } from "@/lib/workflows/references";
import type { Step } from "@/lib/workflows/definition";

export type StepRef = { stepId: string; number: number; name: string };
/** `requiresAccount`: the step cannot run without an account, whichever it has now (an AI Prompt; an
 *  HTTP Request whose relative URL needs an account's base URL) — as Go live and runs decide it.
 *  `app`: the app the step says it calls (an HTTP Request's `config.app`, a blueprint's), or null. */
export type AccountStep = StepRef & { kind: "http" | "ai_prompt"; connectionId: string | null; requiresAccount: boolean; app: string | null };

export type Requirements = {
  vars: string[];
  secrets: string[];
  files: string[];
  accountSteps: AccountStep[];
  sampleData: StepRef[];
};

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

export function scanRequirements(steps: readonly Step[]): Requirements {
  const vars = new Set<string>();
  const secrets = new Set<string>();
  const files = new Set<string>();
  const accountSteps: AccountStep[] = [];
  const sampleData: StepRef[] = [];
  for (const [i, step] of steps.entries()) {
    const ref = { stepId: step.id, number: i + 1, name: step.name };
    for (const text of strings(templateFields(step))) {
      for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
        const r = parseReference(inner);
        if (r?.type === "files") files.add(r.key);
        if (r?.type === "vars") vars.add(r.key);
        if (r?.type === "secrets") secrets.add(r.key);
      }
    }
    if (step.kind === "code" && typeof step.config.code === "string") {
      for (const key of findCodeVarReads(step.config.code)) vars.add(key);
    }
    if (step.kind === "http" || step.kind === "ai_prompt") {
      const requiresAccount = findMissingFields(step.kind, { ...step.config, connectionId: null }).some((m) => m.field === "connectionId");
      const app = step.kind === "http" && typeof step.config.app === "string" ? step.config.app : null;
      accountSteps.push({ ...ref, kind: step.kind, connectionId: stepConnectionId(step), requiresAccount, app });
    }
    if (step.kind === "webhook" && step.config.testingData !== undefined && step.config.testingData !== null) sampleData.push(ref);
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return { vars: sorted(vars), secrets: sorted(secrets), files: sorted(files), accountSteps, sampleData };
}

/**
 * Keys the workflow reads both as a variable and as a secret. A key is one or the other in a
 * workspace, so one of the reads is wrong whatever the client does: only the workflow can change.
 * The push plan, its preflight and the client's review all decide this here.
 */
export function keysReadBothWays(reads: Pick<Requirements, "vars" | "secrets">): Set<string> {
  return new Set(reads.secrets.filter((k) => reads.vars.includes(k)));
}
