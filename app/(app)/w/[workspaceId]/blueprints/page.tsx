// The blueprint gallery: one card per blueprint (purpose, trigger, steps, apps needed) with
// "Use blueprint", which opens its setup form for this workspace.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireCurrentUser } from "@/components/auth/current-user";
import { BlueprintCard } from "@/components/blueprints/blueprint-card";
import { BLUEPRINTS } from "@/lib/blueprints";
import { toBlueprintView } from "@/lib/blueprints/blueprint-view";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export const metadata: Metadata = { title: "Blueprints · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string }> };

export default async function BlueprintsPage({ params }: Props) {
  const user = await requireCurrentUser();
  const { workspaceId } = await params;
  const workspace = (await listAccessibleWorkspaces(user.id)).find((w) => w.id === workspaceId);
  if (!workspace) notFound();
  const canEdit = workspace.role !== "viewer";
  return (
    <div className="mx-auto max-w-6xl px-6 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Blueprints</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-500">
        Ready-made MSP workflows. Pick one, fill in the client&apos;s systems and procedures, and it arrives as a Draft workflow in {workspace.name} to test and switch Live.
        {!canEdit && " Your viewer role cannot install blueprints here."}
      </p>
      <ul className="mt-6 grid gap-5 md:grid-cols-2" aria-label="Blueprints">
        {BLUEPRINTS.map(toBlueprintView).map((b) => (
          <li key={b.slug}>
            <BlueprintCard blueprint={b}>
              {canEdit ? (
                <Link href={`/w/${workspaceId}/blueprints/${b.slug}`} className="inline-flex h-9 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700" aria-label={`Use blueprint: ${b.title}`}>
                  Use blueprint
                </Link>
              ) : null}
            </BlueprintCard>
          </li>
        ))}
      </ul>
    </div>
  );
}
