"use client";
// "Blueprint New-hire provisioning v1 — v3 available: …" beside a workflow installed from an
// older version of its blueprint, in the Workflows list and the editor. Install vN as a new Draft
// installs the newest version with the setup recorded at install into a new Draft and opens it;
// the workflow shown is never changed (it may have been edited), so the technician compares the
// two and switches. Nothing is shown for a workflow on the newest version or without a recorded
// origin (installed before versions were recorded).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Sparkles } from "lucide-react";
import { api, ApiError } from "@/components/editor/api";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button";
import type { BlueprintOriginView } from "@/lib/editor/api-types";

type Props = { workspaceId: string; workflowId: string; blueprint: BlueprintOriginView | null | undefined; canEdit: boolean; className?: string };

export function BlueprintUpgradeNotice({ workspaceId, workflowId, blueprint: b, canEdit, className }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!b || b.latestVersion <= b.version) return null;
  const install = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ id: string }>(`/api/v1/workflows/${workflowId}/blueprint-upgrade`, { method: "POST" });
      router.push(`/w/${workspaceId}/workflows/${created.id}`);
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : "the install failed");
      setBusy(false);
    }
  };
  return (
    <div role="note" data-testid="blueprint-upgrade-notice" className={`flex flex-wrap items-start gap-x-3 gap-y-1 text-xs text-sky-900 ${className ?? ""}`}>
      <Sparkles className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p>
          <span className="font-medium">
            Blueprint {b.title} v{b.version} — v{b.latestVersion} available:
          </span>
          {b.changes.map((c) => (
            <span key={c.version} className="block">
              <span className="font-medium">v{c.version}:</span> {c.note}
            </span>
          ))}
        </p>
        {error && (
          <p role="alert" className="mt-1 text-red-700">
            Could not install v{b.latestVersion}: {error}
          </p>
        )}
      </div>
      {canEdit && (
        <BusyButton busy={busy} onClick={install} className={buttonClass("secondary", "sm", "shrink-0")}>
          {busy ? "Installing…" : `Install v${b.latestVersion} as a new Draft`}
        </BusyButton>
      )}
    </div>
  );
}
