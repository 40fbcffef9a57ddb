// One retention pass over every workflow of every workspace, with the settings from lib/env.ts
// and each workspace's own overrides; expired browser sessions, spent invitation links, expired
// OAuth sign-ins and the ids "was already seen" rules remember past their window go too.
// Workflows are walked in id order by keyset pages, so the pass itself holds nothing open.
import { db } from "@/lib/db/client";
import { pruneExpiredSessions } from "@/lib/auth/prune-expired-sessions";
import { pruneExpiredOAuthStates } from "@/lib/connections/oauth/prune-expired-oauth-states";
import { env } from "@/lib/env";
import { pruneSpentInvitations } from "@/lib/invitations/prune-spent-invitations";
import { pruneSeenKeys } from "@/lib/retention/prune-seen-keys";
import { pruneWorkflowHistory, type PruneCounts, type RetentionSettings } from "@/lib/retention/prune-workflow-history";
import { effectiveRetention, readWorkspaceRetention } from "@/lib/retention/workspace-retention";

export function retentionSettings(): RetentionSettings {
  const e = env();
  return {
    runDays: e.RETENTION_RUN_DAYS,
    runsPerWorkflow: e.RETENTION_RUNS_PER_WORKFLOW,
    stepOutputDays: e.RETENTION_STEP_OUTPUT_DAYS,
    // The deliveries log keeps its existing settings (also applied inline by the intake).
    deliveryDays: e.DELIVERY_RETENTION_DAYS,
    deliveriesPerWorkflow: e.DELIVERY_RETENTION_MAX,
    batchSize: e.RETENTION_BATCH_SIZE,
  };
}

const PAGE = 500;

export async function runRetention(opts: { settings?: RetentionSettings; now?: Date } = {}): Promise<PruneCounts & { workflows: number; sessions: number; invitations: number; seenKeys: number; oauthStates: number }> {
  const settings = opts.settings ?? retentionSettings();
  const total = {
    runs: 0,
    stepOutputs: 0,
    payloads: 0,
    deliveries: 0,
    workflows: 0,
    sessions: await pruneExpiredSessions(opts.now),
    invitations: await pruneSpentInvitations(opts.now),
    seenKeys: await pruneSeenKeys(opts.now),
    oauthStates: await pruneExpiredOAuthStates(opts.now),
  };
  let after = "";
  for (;;) {
    const page = await db().workflow.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take: PAGE,
      select: { id: true, workspace: { select: { retention: true } } },
    });
    for (const w of page) {
      const own = effectiveRetention(settings, readWorkspaceRetention(w.workspace.retention));
      const n = await pruneWorkflowHistory({ workflowId: w.id, settings: own, now: opts.now });
      total.runs += n.runs;
      total.stepOutputs += n.stepOutputs;
      total.payloads += n.payloads;
      total.deliveries += n.deliveries;
      total.workflows++;
    }
    if (page.length < PAGE) return total;
    after = page[page.length - 1].id;
  }
}
