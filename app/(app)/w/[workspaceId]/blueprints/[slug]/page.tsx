// "Use blueprint": the setup form for one blueprint. The workspace it installs into defaults
// to the current one; any workspace where the user is an editor can be chosen.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireCurrentUser } from "@/components/auth/current-user";
import { BlueprintSetupForm } from "@/components/blueprints/blueprint-setup-form";
import { blueprintBySlug } from "@/lib/blueprints";
import { toBlueprintView } from "@/lib/blueprints/blueprint-view";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

type Props = { params: Promise<{ workspaceId: string; slug: string }> };

// The blueprint's name leads, so tabs of two setup forms tell apart; an unknown slug 404s below.
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const blueprint = blueprintBySlug((await params).slug);
  return { title: blueprint ? `${blueprint.title} · Blueprints · MSP Flow` : "Blueprints · MSP Flow" };
}

export default async function UseBlueprintPage({ params }: Props) {
  const user = await requireCurrentUser();
  const { workspaceId, slug } = await params;
  const blueprint = blueprintBySlug(slug);
  const workspaces = (await listAccessibleWorkspaces(user.id)).filter((w) => w.role !== "viewer");
  if (!blueprint) notFound();
  const view = toBlueprintView(blueprint);
  return (
    <div className="mx-auto max-w-3xl px-6 py-8">
      <Link href={`/w/${workspaceId}/blueprints`} className="text-sm text-brand-600 hover:underline">
        ← Blueprints
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{view.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{view.purpose}</p>
      <details className="mt-3 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-700">How it works</summary>
        <p className="mt-2">{view.description}</p>
      </details>
      {workspaces.length === 0 ? (
        <p className="mt-6 rounded-md bg-amber-50 p-4 text-sm text-amber-800">You need the editor role in a workspace to install a blueprint.</p>
      ) : (
        <BlueprintSetupForm
          blueprint={view}
          workspaces={workspaces.map((w) => ({ id: w.id, name: w.name, kind: w.kind }))}
          defaultWorkspaceId={workspaces.some((w) => w.id === workspaceId) ? workspaceId : workspaces[0].id}
        />
      )}
    </div>
  );
}
