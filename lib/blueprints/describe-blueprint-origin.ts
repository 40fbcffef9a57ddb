// What a workflow says about the blueprint it was installed from: slug, title, the version
// installed, the newest, and each newer version's change note — what the Workflows list and the
// editor show as "v3 available: …". Nothing for a workflow with no recorded origin, or whose
// blueprint no longer exists (never a guess).
import { blueprintBySlug } from "@/lib/blueprints";
import type { BlueprintChange } from "@/lib/blueprints/blueprint";

export type BlueprintOrigin = { slug: string; title: string; version: number; latestVersion: number; changes: BlueprintChange[] };

export function describeBlueprintOrigin(slug: string | null | undefined, version: number | null | undefined): BlueprintOrigin | undefined {
  if (!slug || version == null) return undefined;
  const blueprint = blueprintBySlug(slug);
  if (!blueprint) return undefined;
  return {
    slug,
    title: blueprint.title,
    version,
    latestVersion: blueprint.version,
    changes: blueprint.changes.filter((c) => c.version > version),
  };
}
