"use client";
// The review's account item: which of the client's accounts a step uses. Picking in the list only
// stages the choice; "Use this account" beside it saves it. Saved on every change, the list sent a
// save (and an `account_chosen` audit event) for each option a keyboard user went past with the
// arrow keys — on a Live copy runs could briefly use an account the client only passed over — and
// the list, disabled during each save, lost the next key press. Back from adding an account
// (?added=ID), an item without a choice whose only fitting account is the new one has it staged,
// said so: choosing stays the client's.
import { useEffect, useRef, useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useAnnouncer } from "@/components/ui/use-announcer";
import type { ReviewItem } from "@/lib/push/compute-review";

type Props = {
  item: Extract<ReviewItem, { kind: "account" }>;
  workflowId: string;
  /** A Live copy's step that has an account keeps one: "Choose an account…" (none) is not offered. */
  keep: boolean;
  busy: boolean;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  /** The account the client just added from this page, or null. */
  added: string | null;
};

export function AccountChoice({ item, workflowId, keep, busy, run, added }: Props) {
  const { announce, region } = useAnnouncer();
  const preselected = item.connectionId === null && item.options.length === 1 && item.options[0].id === added ? item.options[0] : null;
  const saved = item.connectionId ?? "";
  // The option picked and not saved yet ("" for none), with the saved choice it was picked over:
  // once the saved choice changes (this save, or a colleague's), the list shows what is saved.
  const [picked, setPicked] = useState<{ id: string; over: string } | null>(null);
  const shown = picked && picked.over === saved ? picked.id : (preselected?.id ?? saved);
  // Saved and waiting for the page to show it: the button goes at once, the pick stays shown.
  const [sent, setSent] = useState<{ id: string; over: string } | null>(null);
  const offered = shown !== saved && !(sent && sent.over === saved && sent.id === shown);
  // Saving removes the button that had focus: focus goes back to the list once it is enabled again.
  const list = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || busy || offered) return;
    refocus.current = false;
    if (!document.activeElement || document.activeElement === document.body) list.current?.focus();
  }, [busy, offered]);
  const save = async () => {
    const connectionId = shown || null;
    const ok = await run(() => apiFetch(`/api/v1/workflows/${workflowId}/review/accounts/${item.stepId}`, { method: "PUT", json: { connectionId } }));
    if (!ok) return;
    setPicked({ id: shown, over: saved });
    setSent({ id: shown, over: saved });
    refocus.current = true;
    const name = item.options.find((o) => o.id === connectionId)?.name;
    announce(name ? `Step ${item.number} uses ${name}.` : `Step ${item.number} uses no account.`);
  };
  const described = [item.destination && `sends-to-${item.stepId}`, keep && `live-account-${item.stepId}`, preselected && shown === preselected.id && `preselected-${item.stepId}`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      {region}
      <div className="flex flex-wrap items-center gap-2">
        <select
          ref={list}
          aria-label={`Account for step ${item.number}`}
          aria-describedby={described || undefined}
          value={shown}
          disabled={busy}
          className={cn(inputClass, "w-56")}
          onChange={(e) => setPicked({ id: e.target.value, over: saved })}
        >
          <option value="" disabled={keep}>Choose an account…</option>
          {item.options.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        </select>
        {offered && (
          <button type="button" disabled={busy} className={buttonClass("primary", "sm")} onClick={() => void save()}>
            {shown ? "Use this account" : "Use no account"}
          </button>
        )}
      </div>
      {preselected && shown === preselected.id && (
        <p id={`preselected-${item.stepId}`} role="status" className="w-56 text-xs text-amber-800" data-testid="account-preselected">
          Preselected &ldquo;{preselected.name}&rdquo;, the account you just added: it is the only one that fits this step. Not saved yet — use it, or choose another.
        </p>
      )}
      {/* The step's URL, not the account, decides where its credentials go: said before one is chosen. */}
      {item.destination && (
        <p id={`sends-to-${item.stepId}`} className="w-56 text-xs text-slate-500 [overflow-wrap:anywhere]" data-testid="account-destination">
          Sends the account&apos;s credentials to {item.destination}
        </p>
      )}
      {keep && <p id={`live-account-${item.stepId}`} className="w-56 text-xs text-slate-500">Live: the step keeps an account. Switch to Draft to remove it.</p>}
    </div>
  );
}
