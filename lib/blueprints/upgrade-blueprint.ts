// "Install vN as a new Draft": installs the newest version of the blueprint a workflow came from,
// with the setup and account choices its install recorded, as a new Draft beside it — never over
// it (the technician may have edited it, and compares the two before switching). An account
// chosen then that is gone now is left out, so the install picks again as it would (the only
// account of that app, else none) instead of refusing the whole upgrade. 409 when the workflow
// has no recorded origin or is on the newest version already; a setup the newer version no
// longer accepts is the install's own 400 invalid_setup, naming the field.
import { z } from "@/lib/z";
import { conflict } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { blueprintBySlug } from "@/lib/blueprints";
import type { AppKey } from "@/lib/blueprints/blueprint";
import { installBlueprint, type InstallResult } from "@/lib/blueprints/install-blueprint";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

const storedSetup = z.record(z.string(), z.unknown());
const storedConnections = z.record(z.string(), z.string().nullable());

export type UpgradeBlueprintOptions = { workflowId: string; userId: string; tx?: Tx };

export async function upgradeBlueprint({ workflowId, userId, tx }: UpgradeBlueprintOptions): Promise<InstallResult> {
  const write = async (t: Tx): Promise<InstallResult> => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx: t });
    const blueprint = workflow.blueprintSlug ? blueprintBySlug(workflow.blueprintSlug) : undefined;
    const setup = storedSetup.safeParse(workflow.blueprintSetup);
    if (!blueprint || workflow.blueprintVersion == null || !setup.success) {
      throw conflict("not_from_blueprint", "this workflow has no recorded blueprint install to repeat: install the blueprint from the gallery");
    }
    if (workflow.blueprintVersion >= blueprint.version) {
      throw conflict("blueprint_up_to_date", `this workflow is from ${blueprint.title} v${workflow.blueprintVersion}, the newest version`);
    }
    const chosen = storedConnections.safeParse(workflow.blueprintConnections ?? {});
    const given = chosen.success ? chosen.data : {};
    const ids = Object.values(given).filter((id): id is string => id !== null);
    const present = new Set((await t.connection.findMany({ where: { workspaceId: workflow.workspaceId, id: { in: ids } }, select: { id: true } })).map((c) => c.id));
    const connections = Object.fromEntries(Object.entries(given).filter(([app, id]) => blueprint.apps.includes(app as AppKey) && (id === null || present.has(id))));
    const name = `${workflow.name} (v${blueprint.version})`.slice(0, 200);
    return installBlueprint({ workspaceId: workflow.workspaceId, userId, slug: blueprint.slug, input: { setup: setup.data, connections, name }, upgradeOf: workflow.id, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
