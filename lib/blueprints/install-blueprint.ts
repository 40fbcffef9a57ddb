// Installs a blueprint into a workspace as a Draft workflow, in one transaction: checks the
// setup (400 naming the setup field, an unknown one too), picks an app connection per app (the one given, else the
// workspace's only account of that app, else none — like a push), fills the workspace
// variables the steps read when they are missing, and creates the workflow. A key the steps read
// as a variable that the workspace holds as a secret is reported `wrong_kind`, as a push reports
// it: the step would fail on it, so Go live refuses the workflow until it is fixed
// (assert-keys-right-kind.ts). The variables it writes and the install itself go into the audit
// log in the same transaction, as the variables API records its writes (never a value).
import { z } from "@/lib/z";
import { AppError, notFound } from "@/lib/api/errors";
import { recordUserEvent } from "@/lib/audit/record-user-event";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db, type Tx } from "@/lib/db/client";
import { blueprintBySlug } from "@/lib/blueprints";
import type { AppKey, Connections } from "@/lib/blueprints/blueprint";
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
/** created: new key with the setup value; filled: the key existed without a value; kept: the
 *  workspace already had a value (`differs` when it is not the one in the setup form);
 *  wrong_kind: the workspace has the key as a secret, which `{{ vars.KEY }}` cannot read — left
 *  as it is (never overwritten), and Go live is refused until it is a plain variable. */
export type InstalledVariable = { key: string; status: "created" | "filled" | "kept" | "wrong_kind"; differs?: boolean };
export type InstallResult = WorkflowView & { blueprint: { slug: string; connections: InstalledConnection[]; variables: InstalledVariable[] } };

export type InstallBlueprintOptions = { workspaceId: string; userId: string; slug: string; input: InstallBlueprintInput; tx?: Tx };

const valueAt = (root: unknown, path: PropertyKey[]) => path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined), root);

function parseSetup(schema: z.ZodType, setup: unknown) {
  const r = schema.safeParse(setup);
  if (r.success) return r.data as Record<string, unknown>;
  // "expected string, received undefined" says less to a technician than "is required".
  const message = (i: z.core.$ZodIssue) => (i.code === "invalid_type" && valueAt(setup, i.path) === undefined ? "is required" : i.message);
  const field = (path: PropertyKey[]) => ["setup", ...path.map(String)].join(".");
  // The setup schemas are strict, like the workflows API: a misspelt field would otherwise be
  // dropped and its default installed in silence. Each unknown key is named as its own field.
  const issues = r.error.issues.flatMap((i) =>
    i.code === "unrecognized_keys"
      ? i.keys.map((k) => ({ field: field([...i.path, k]), message: "is not a field of this blueprint's setup" }))
      : [{ field: field(i.path), message: message(i) }],
  );
  throw new AppError(400, "invalid_setup", `${issues[0].field}: ${issues[0].message}`, { field: issues[0].field, issues });
}

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

export async function installBlueprint({ workspaceId, userId, slug, input, tx }: InstallBlueprintOptions): Promise<InstallResult> {
  const blueprint = blueprintBySlug(slug);
  if (!blueprint) throw notFound("blueprint");
  const write = async (t: Tx): Promise<InstallResult> => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const setup = parseSetup(blueprint.setup, input.setup);
    const unknownApp = Object.keys(input.connections).find((k) => !blueprint.apps.includes(k as AppKey));
    if (unknownApp) throw new AppError(400, "invalid_connection", `connections.${unknownApp}: this blueprint does not use the app "${unknownApp}" (it uses ${blueprint.apps.join(", ")})`, { field: `connections.${unknownApp}` });
    const connections = await pickConnections(t, workspaceId, blueprint.apps, input.connections);

    const variables: InstalledVariable[] = [];
    for (const v of blueprint.variables) {
      const raw = setup[v.setupField];
      const value = typeof raw === "string" && raw.trim() !== "" ? raw.trim() : null;
      const existing = await t.variable.findUnique({ where: { workspaceId_key: { workspaceId, key: v.key } } });
      // Whatever the form holds: the steps read it as {{ vars.KEY }}, which a secret never answers.
      if (existing?.secret) variables.push({ key: v.key, status: "wrong_kind" });
      else if (value === null) continue; // an optional field left empty: nothing to fill in
      else if (!existing) {
        await t.variable.create({ data: { workspaceId, key: v.key, value } });
        await recordUserEvent({ workspaceId, userId, action: "variable_created", details: { key: v.key, secret: false }, tx: t }); // never the value
        variables.push({ key: v.key, status: "created" });
      } else if (existing.value === null) {
        await t.variable.update({ where: { id: existing.id }, data: { value } });
        await recordUserEvent({ workspaceId, userId, action: "variable_updated", details: { key: v.key, secret: false }, tx: t });
        variables.push({ key: v.key, status: "filled" });
      } else {
        // Other workflows may read this value: never overwrite it from a setup form.
        variables.push({ key: v.key, status: "kept", differs: existing.value !== value });
      }
    }

    const chosen: Connections = Object.fromEntries(connections.map((c) => [c.app, c.connectionId]));
    const built = blueprint.build(setup, chosen);
    const workflow = await createWorkflow({ workspaceId, userId, input: { name: input.name ?? built.name, steps: built.steps }, tx: t });
    await recordWorkflowEvent({ workflow: { id: workflow.id, workspaceId, name: workflow.name }, userId, action: "blueprint_installed", details: { blueprint: slug, blueprintTitle: blueprint.title }, tx: t });
    const used = stepsPerApp(blueprint.build(setup, Object.fromEntries(blueprint.apps.map((app) => [app, `app:${app}`]))).steps);
    return { ...workflow, blueprint: { slug, connections: connections.map((c) => ({ ...c, steps: used.get(`app:${c.app}`) ?? 0 })), variables } };
  };
  return tx ? write(tx) : db().$transaction(write);
}
