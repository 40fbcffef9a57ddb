// How a workflow reads back over the API. Pure, so it is unit-tested on its own. The webhook's
// shared secret is write-only: reads say whether one is set, never the value or its ciphertext.
import type { BlueprintOrigin } from "@/lib/blueprints/describe-blueprint-origin";
import type { WebhookEndpoint, Workflow } from "@/lib/generated/prisma/client.ts";
import type { Step } from "@/lib/workflows/definition";
import type { VersionSaver } from "@/lib/workflows/version-saver";

export type StepView = { id: string; number: number; kind: Step["kind"]; name: string; config: Record<string, unknown> };

export type WorkflowView = {
  id: string;
  workspaceId: string;
  name: string;
  mode: "draft" | "live";
  steps: StepView[];
  webhookUrl: string | null;
  /** Draft only, once the trigger has had a URL: that URL, kept (it answers 409 until Live again). */
  keptWebhookUrl?: string;
  version: number;
  /** Who saved this version and when (null: not known, e.g. saved before this was recorded): read by the API's
   *  readers, and what the editor's conflict banner names for a save it did not make. */
  savedBy?: VersionSaver["savedBy"];
  savedAt?: string | null;
  /** Set when a push made this version (a client's copy): the provider workspace's name. */
  pushedFrom?: string;
  /** The blueprint (and version) it was installed from, with the newer versions' change notes;
   *  absent for other workflows and ones installed before this was recorded (read-workflow-view.ts). */
  blueprint?: BlueprintOrigin;
  createdAt: string;
  updatedAt: string;
};

export type ToWorkflowViewOptions = {
  workflow: Pick<Workflow, "id" | "workspaceId" | "name" | "mode" | "steps" | "version" | "createdAt" | "updatedAt">;
  /** The workflow's current (unrotated) endpoint, if any. */
  endpoint: Pick<WebhookEndpoint, "token" | "stepId" | "rotatedAt"> | null;
  publicUrl: string;
  /** Who saved the current version (readWorkflowView always gives it). */
  saver?: VersionSaver;
};

function configView(step: Step): Record<string, unknown> {
  if (step.kind !== "webhook") return step.config;
  // A stored plaintext "sharedSecret" never exists (prepareSteps encrypts it); dropped regardless.
  const { sharedSecretEncrypted, ...rest } = step.config;
  delete rest.sharedSecret;
  return { sharedSecret: { set: typeof sharedSecretEncrypted === "string" && sharedSecretEncrypted !== "" }, ...rest };
}

export function toWorkflowView({ workflow, endpoint, publicUrl, saver }: ToWorkflowViewOptions): WorkflowView {
  const steps = (Array.isArray(workflow.steps) ? workflow.steps : []) as unknown as Step[];
  const trigger = steps[0];
  // The URL exists only while Live, and only for the endpoint of the current webhook trigger.
  const current = trigger?.kind === "webhook" && endpoint && !endpoint.rotatedAt && endpoint.stepId === trigger.id;
  const showUrl = workflow.mode === "live" && current;
  // A Draft keeps the endpoint it had while Live (sync-trigger.ts): said, so the editor does not
  // call it a workflow without a URL (a client copy a re-push sent back to Draft still gets
  // deliveries at it, refused with 409 until it is Live again).
  const keptUrl = workflow.mode === "draft" && current;
  return {
    id: workflow.id,
    workspaceId: workflow.workspaceId,
    name: workflow.name,
    mode: workflow.mode,
    steps: steps.map((s, i) => ({ id: s.id, number: i + 1, kind: s.kind, name: s.name, config: configView(s) })),
    webhookUrl: showUrl ? `${publicUrl}/hooks/${endpoint.token}` : null,
    ...(keptUrl ? { keptWebhookUrl: `${publicUrl}/hooks/${endpoint.token}` } : {}),
    version: workflow.version,
    ...saver,
    createdAt: workflow.createdAt.toISOString(),
    updatedAt: workflow.updatedAt.toISOString(),
  };
}
