// Installs a blueprint into a workspace as a Draft workflow, in one transaction: checks the
// setup (400 naming the setup field, an unknown one too: parse-setup.ts), picks an app
// connection per app (the one given, else the workspace's only account of that app, else none —
// like a push), fills the workspace variables the steps read when they are missing
// (install-variables.ts), and creates the workflow — beside any of the same name, which the
// answer counts (`namesakes`; installs into one workspace take turns, so of three at once the
// counts are 0, 1 and 2). A key the steps read
// as a variable that the workspace holds as a secret is reported `wrong_kind`, as a push reports
// it: the step would fail on it, so Go live refuses the workflow until it is fixed
// (assert-keys-right-kind.ts). The variables it writes and the install itself go into the audit
// log in the same transaction, as the variables API records its writes (never a value). The
// workflow records the blueprint, its version, the setup and the account choices sent, so it can be
// told of a newer version and install it the same way (describe-blueprint-origin.ts, upgrade-blueprint.ts).
import { z } from "@/lib/z";
import { AppError, notFound } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { blueprintBySlug } from "@/lib/blueprints";
import type { AppKey, Connections } from "@/lib/blueprints/blueprint";
import { describeBlueprintOrigin, type BlueprintOrigin } from "@/lib/blueprints/describe-blueprint-origin";
import { installVariables, type InstalledVariable } from "@/lib/blueprints/install-variables";
import { parseSetup } from "@/lib/blueprints/parse-setup";
import { createWorkflow } from "@/lib/workflows/create-workflow";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const installBlueprintInput = z.strictObject({
  setup: z.record(z.string(), z.unknown()).default({}),
  /** App key → connection id; apps left out are picked automatically when unambiguous. */
  connections: z.record(z.string(), z.string().nullable()).default({}),
  /** Defaults to the blueprint's workflow name. */
  name: z.string().trim().min(1).max(200).optional(),
});
export type InstallBlueprintInput = z.infer<typeof installBlueprintInput>;

/** `steps`: how many of the workflow's steps call the app (0 when this setup's variant does not). */
export type InstalledConnection = { app: AppKey; connectionId: string | null; status: "chosen" | "only_account" | "none" | "several"; steps: number };
export type { InstalledVariable };
/** `namesakes`: how many workflows of this workspace already had the new workflow's name (any
 *  case) — the install still creates it, beside them under the same name. */
export type InstallResult = WorkflowView & { blueprint: BlueprintOrigin & { connections: InstalledConnection[]; variables: InstalledVariable[]; namesakes: number } };

/** `upgradeOf`: the workflow an "Install vN as a new Draft" started from (upgrade-blueprint.ts), for the audit log. */
export type InstallBlueprintOptions = { workspaceId: string; userId: string; slug: string; input: InstallBlueprintInput; upgradeOf?: string; tx?: Tx };

type PickedConnection = Omit<InstalledConnection, "steps">;

async function pickConnections(t: Tx, workspaceId: string, apps: AppKey[], given: Record<string, string | null>): Promise<PickedConnection[]> {
  const rows = await t.connection.findMany({ where: { workspaceId, app: { in: apps } }, select: { id: true, app: true } });
  return apps.map((app) => {
    if (Object.prototype.hasOwnProperty.call(given, app)) {
      const id = given[app];
      if (id === null) return { app, connectionId: null, status: "none" };
      if (!rows.some((r) => r.id === id && r.app === app)) {
        throw new AppError(400, "invalid_connection", `connections.${app}: no ${app} connection with id ${id} in this workspace`, { field: `connections.${app}` });
      }
      return { app, connectionId: id, status: "chosen" };
    }
    const mine = rows.filter((r) => r.app === app);
    if (mine.length === 1) return { app, connectionId: mine[0].id, status: "only_account" };
    return { app, connectionId: null, status: mine.length === 0 ? "none" : "several" };
  });
}

/** Steps per app, from a build whose every app's "connection" is a marker naming the app: a
 *  variant may leave an app unused (new-hire's PSA when the contact goes to documentation). */
function stepsPerApp(steps: { config: Record<string, unknown> }[]): Map<unknown, number> {
  const out = new Map<unknown, number>();
  for (const s of steps) if (typeof s.config.connectionId === "string") out.set(s.config.connectionId, (out.get(s.config.connectionId) ?? 0) + 1);
  return out;
}

export async function installBlueprint({ workspaceId, userId, slug, input, upgradeOf, tx }: InstallBlueprintOptions): Promise<InstallResult> {
  const blueprint = blueprintBySlug(slug);
  if (!blueprint) throw notFound("blueprint");
  const write = async (t: Tx): Promise<InstallResult> => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    // One install at a time per workspace, until this transaction ends: the namesakes count below
    // is read before the insert, so two at once would both miss each other (0, 1, 1 for three).
    // Keyed as push-workflow.ts keys its lock, by hashtext, here of a name and the workspace.
    await t.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('blueprint-install'), hashtext(${workspaceId}))`;
    const setup = parseSetup(blueprint, input.setup);
    const unknownApp = Object.keys(input.connections).find((k) => !blueprint.apps.includes(k as AppKey));
    if (unknownApp) throw new AppError(400, "invalid_connection", `connections.${unknownApp}: this blueprint does not use the app "${unknownApp}" (it uses ${blueprint.apps.join(", ")})`, { field: `connections.${unknownApp}` });
    const connections = await pickConnections(t, workspaceId, blueprint.apps, input.connections);

    const variables = await installVariables({ t, workspaceId, userId, variables: blueprint.variables, setup });

    const chosen: Connections = Object.fromEntries(connections.map((c) => [c.app, c.connectionId]));
    const built = blueprint.build(setup, chosen);
    const name = input.name ?? built.name;
    // Said, not refused: a second copy may be meant (another variant of the setup); the push preflight says the same.
    const namesakes = await t.workflow.count({ where: { workspaceId, name: { equals: name, mode: "insensitive" } } });
    // The setup as sent and the accounts chosen in the request (an app left out is picked again
    // at an upgrade, as here): what installing a newer version repeats. Neither holds a secret.
    const origin = { blueprintSlug: slug, blueprintVersion: blueprint.version, blueprintSetup: input.setup, blueprintConnections: input.connections };
    const workflow = await createWorkflow({ workspaceId, userId, input: { name, steps: built.steps }, origin, tx: t });
    await recordWorkflowEvent({
      workflow: { id: workflow.id, workspaceId, name: workflow.name },
      userId,
      action: "blueprint_installed",
      details: { blueprint: slug, blueprintTitle: blueprint.title, blueprintVersion: blueprint.version, ...(upgradeOf && { upgradeOf }) },
      tx: t,
    });
    const used = stepsPerApp(blueprint.build(setup, Object.fromEntries(blueprint.apps.map((app) => [app, `app:${app}`]))).steps);
    return { ...workflow, blueprint: { ...describeBlueprintOrigin(slug, blueprint.version)!, connections: connections.map((c) => ({ ...c, steps: used.get(`app:${c.app}`) ?? 0 })), variables, namesakes } };
  };
  // The workspace deleted meanwhile (its variables' insert fails first): its 404 (parent-gone.ts).
  return unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
}
