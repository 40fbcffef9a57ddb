// How a blueprint reads over GET /api/v1/blueprints: its card, the steps it builds from the
// example setup, and the setup form as JSON Schema (defaults included) for forms and clients.
import { z } from "@/lib/z";
import { APP_CATALOG } from "@/lib/connections/app-catalog";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Blueprint } from "./blueprint";

export type BlueprintView = {
  slug: string;
  number: number;
  title: string;
  /** The version an install now records, and every version's change note, oldest first. */
  version: number;
  changes: Blueprint["changes"];
  purpose: string;
  description: string;
  trigger: Blueprint["trigger"];
  apps: { key: string; label: string }[];
  variables: Blueprint["variables"];
  steps: { number: number; kind: string; kindLabel: string; name: string }[];
  setupSchema: unknown;
  exampleSetup: unknown;
};

export function toBlueprintView(b: Blueprint): BlueprintView {
  const built = b.build(b.setup.parse(b.exampleSetup), {});
  return {
    slug: b.slug,
    number: b.number,
    title: b.title,
    version: b.version,
    changes: b.changes,
    purpose: b.purpose,
    description: b.description,
    trigger: b.trigger,
    apps: b.apps.map((key) => ({ key, label: APP_CATALOG.find((a) => a.key === key)?.label ?? key })),
    variables: b.variables,
    steps: built.steps.map((s, i) => ({ number: i + 1, kind: s.kind, kindLabel: STEP_CATALOG[s.kind].label, name: s.name })),
    setupSchema: z.toJSONSchema(b.setup, { io: "input", unrepresentable: "any" }),
    exampleSetup: b.exampleSetup,
  };
}
