// The steps of a duplicated workflow: fresh step ids (so the copy never shares a webhook
// endpoint or run history with the original), Conditions branch targets moved to the new ids,
// and the write-only shared secret's read echo ({"set": true}) dropped — the API never returns
// the secret, so a copy arrives without it and `secretDropped` says so. An account id not among
// `accountIds` (the workspace's accounts: one force-deleted since the step chose it) is cleared,
// as the save refuses to set an unknown one; the copy, a Draft, asks for an account there and
// `accountsCleared` counts them. Client-safe and pure.
import { stepConnectionId } from "@/lib/connections/step-connection-id";
import { copyJson } from "@/lib/json/parse-exact-json";
import type { StepKind } from "@/lib/steps/catalog";

export type ReadStep = { id: string; kind: StepKind; name: string; config: Record<string, unknown> };
export type CopiedStep = { id: string; kind: StepKind; name: string; config: Record<string, unknown> };

export type CopyStepsResult = { steps: CopiedStep[]; secretDropped: boolean; accountsCleared: number };

type Branch = { target?: unknown } & Record<string, unknown>;

function randomId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return `st_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function retarget(target: unknown, ids: Map<string, string>): unknown {
  return typeof target === "string" && ids.has(target) ? ids.get(target) : target;
}

export function copySteps(steps: readonly ReadStep[], newId: () => string = randomId, accountIds?: ReadonlySet<string>): CopyStepsResult {
  const ids = new Map(steps.map((s) => [s.id, newId()]));
  let secretDropped = false;
  let accountsCleared = 0;
  const copied = steps.map((s): CopiedStep => {
    // Not structuredClone: Testing data may hold a 64-bit id kept exactly (a JSON.rawJSON value).
    let config: Record<string, unknown> = copyJson(s.config);
    if (s.kind === "webhook" && "sharedSecret" in config) {
      const echo = config.sharedSecret as { set?: unknown } | null;
      if (echo && typeof echo === "object" && echo.set === true) secretDropped = true;
      const rest = { ...config };
      delete rest.sharedSecret;
      config = rest;
    }
    if (s.kind === "conditions") {
      const branches = Array.isArray(config.branches) ? (config.branches as Branch[]) : [];
      const otherwise = (config.otherwise ?? null) as Branch | null;
      config = {
        ...config,
        branches: branches.map((b) => ({ ...b, target: retarget(b.target, ids) })),
        ...(otherwise ? { otherwise: { ...otherwise, target: retarget(otherwise.target, ids) } } : {}),
      };
    }
    const account = stepConnectionId({ config });
    if (accountIds && account !== null && !accountIds.has(account)) {
      config = { ...config, connectionId: null };
      accountsCleared++;
    }
    return { id: ids.get(s.id)!, kind: s.kind, name: s.name, config };
  });
  return { steps: copied, secretDropped, accountsCleared };
}

const COPY_SUFFIX = / \(copy(?: \d+)?\)$/;

/**
 * "Alerts" -> "Alerts (copy)", then "Alerts (copy 2)", "Alerts (copy 3)"… — the first not among
 * `taken` (the workspace's names), so a list of duplicates can be told apart. A copy of a copy
 * counts on from the same original ("Alerts (copy)" -> "Alerts (copy 2)"), as file managers do.
 * Kept within the API's 200-character name limit by shortening the original part.
 */
export function copyName(name: string, taken: Iterable<string> = [], max = 200): string {
  const names = new Set(taken);
  const base = name.replace(COPY_SUFFIX, "");
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (copy)" : ` (copy ${n})`;
    const candidate = base.length + suffix.length <= max ? `${base}${suffix}` : `${base.slice(0, max - suffix.length)}${suffix}`;
    if (!names.has(candidate)) return candidate;
  }
}
