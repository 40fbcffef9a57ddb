"use client";
// The client's review of a pushed copy: choose accounts, set the webhook's own shared secret (or
// accept unsigned deliveries), fill in empty variables and secrets, upload missing files, confirm
// the review, then go Live. Go live stays refused (the API's
// 409 message is shown) until every item is done. Back from adding an account ("Add an account"
// leads to the accounts page and back with ?added=ID), an item without a choice whose only fitting
// account is the new one has it preselected, said so, for the client to save: choosing stays theirs.
// Picking in an account list only stages the choice; "Use this account" saves it (account-choice.tsx).
// The confirmation names the push the page shows (pushCount): when the provider pushed again since
// the page was loaded, the API answers 409 review_changed, the page loads the new review and says
// so — the client confirms only a configuration it was shown. Go live sends the copy's version the
// page shows: when the copy changed since (the provider pushed again, a colleague chose an account
// or saved it in the editor), the API answers 409 workflow_changed and nothing goes Live; the page
// loads what is there now and says who changed it ("Alex Smith (alex@…) of Acme MSP pushed a newer
// version …"), as for a confirmation. Nothing typed is lost by following
// a link (Add an account and back, say): plain values are kept for the tab until saved
// (review-drafts.ts), and a secret typed but not saved — never kept in storage — is asked about
// before leaving (review-leave-guard.tsx). The copy and the client's role are polled as the editor
// polls them: deleted, access lost or demoted to viewer while the page is open, the page says so
// and its actions are disabled — its links (Add an account, Upload) and value boxes too —, instead
// of a refused action saying it later. Back and Forward read the page again (RefreshOnReturn on the
// page): a value set elsewhere meanwhile shows its item done, and a value kept from before for it
// is dropped (review-drafts.ts). A key that exists as the other kind is set again with its value
// box, which saves it as the kind the workflow reads (a delete was refused while in use). What is
// still open ("2 items still open") is a polite live region, and a saved value is said: a screen
// reader hears each step of the review. Confirming removes its button: focus moves to that count;
// going Live replaces Go live with "This workflow is Live.", where focus then goes.
// A viewer (of the workspace from the start) reads the items without controls, under a note that
// says their role cannot complete them and who can.
import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { CheckCircle2, Circle } from "lucide-react";
import { ApiCallError, apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useAnnouncer } from "@/components/ui/use-announcer";
import type { ReviewItem } from "@/lib/push/compute-review";
import type { ReviewView } from "@/lib/push/load-review";
import { WebhookSecretAction } from "@/components/push/webhook-secret-action";
import { AccountChoice } from "@/components/push/account-choice";
import { ConnectButton, OAuthStatusBadge } from "@/components/resources/oauth-connect";
import { useReviewDraft } from "@/components/push/review-drafts";
import { ReviewLeaveGuard } from "@/components/push/review-leave-guard";
import { LostNotice, WithQueryClient } from "@/components/push/query-client";
import { LOST_REASON, useWorkflowLost } from "@/components/editor/use-workspace-role";
import { plural } from "@/lib/plural";

/** addedAccountId: the account the client just added from this page (?added=ID), or null.
 *  workspaceName: the workspace's, for a viewer's note on who completes the items. */
type Props = { workspaceId: string; workspaceName: string; workflowId: string; review: ReviewView; mode: "draft" | "live"; canEdit: boolean; addedAccountId?: string | null };

export function ReviewChecklist(props: Props) {
  return (
    <WithQueryClient>
      <Checklist {...props} />
    </WithQueryClient>
  );
}

function Checklist({ workspaceId, workspaceName, workflowId, review, mode, canEdit, addedAccountId = null }: Props) {
  const { run, busy: running, error } = useApiAction();
  // A viewer from the start has no actions to lose: only a change since the page loaded is said.
  const polled = useWorkflowLost(workspaceId, workflowId);
  const lost = polled === "viewer" && !canEdit ? null : polled;
  // Every action is disabled as while one runs (busy); values typed stay in their boxes.
  const busy = running || lost !== null;
  // Keys the workflow reads both as a variable and as a secret: setting one kind only moves the
  // problem to the other read, so their items offer no value box (the provider must change it).
  const keys = review.items.map(keyOf).filter((k): k is string => k !== null);
  const bothWays = new Set(keys.filter((k, i) => keys.indexOf(k) !== i));
  // Set when a confirmation was refused because the provider pushed again: the page has reloaded
  // the new review by then (run refreshes it), and this says why nothing was confirmed.
  const [changed, setChanged] = useState<string | null>(null);
  // The secrets typed and not saved, by item, in words for the leave question.
  const [unsavedSecrets, setUnsavedSecrets] = useState<Record<string, string>>({});
  const markSecret = useCallback(
    (id: string, what: string | null) =>
      setUnsavedSecrets((prev) => {
        if ((prev[id] ?? null) === what) return prev;
        const { [id]: _dropped, ...rest } = prev;
        return what ? { ...rest, [id]: what } : rest;
      }),
    [],
  );
  // Set once the confirmation is saved: the refreshed review drops its button, and focus (then on
  // <body>) goes to what is still open.
  const summary = useRef<HTMLSpanElement>(null);
  const confirmed = useRef(false);
  useEffect(() => {
    if (!confirmed.current) return;
    confirmed.current = false;
    if (!document.activeElement || document.activeElement === document.body) summary.current?.focus();
  }, [review]);
  const confirm = () =>
    void run(async () => {
      try {
        await apiFetch(`/api/v1/workflows/${workflowId}/review/confirm`, { method: "POST", json: { pushCount: review.pushCount } });
        setChanged(null);
        confirmed.current = true;
      } catch (e) {
        if (!(e instanceof ApiCallError && e.body.error === "review_changed")) throw e;
        const version = typeof e.body.sourceVersion === "number" ? ` (version ${e.body.sourceVersion})` : "";
        setChanged(`Not confirmed: your provider pushed again${version} since you opened this page. The checklist below is now the new push's — check the configuration in the editor again, then confirm.`);
      }
    });

  // The copy's version this page stands on: the review's, or newer where the page's own action
  // (an account chosen, the webhook secret set) made it and answered the review it left — Go live
  // right after it, before the page has refreshed, is not refused for the client's own change.
  const [ownVersion, setOwnVersion] = useState(0);
  const shownVersion = Math.max(review.version, ownVersion);
  const runItem = useCallback(
    (fn: () => Promise<unknown>) =>
      run(async () => {
        const answer = (await fn()) as Partial<ReviewView> | null | undefined;
        if (answer?.pushed === true && answer.workflowId === workflowId && typeof answer.version === "number") setOwnVersion(answer.version);
      }),
    [run, workflowId],
  );
  // Going Live replaces the Go live button with "This workflow is Live.": once the refreshed page
  // shows it, focus (then on <body>) goes to that sentence, which a screen reader then reads.
  const liveNote = useRef<HTMLSpanElement>(null);
  const wentLive = useRef(false);
  useEffect(() => {
    if (!wentLive.current || mode !== "live") return;
    wentLive.current = false;
    if (!document.activeElement || document.activeElement === document.body) liveNote.current?.focus();
  }, [mode]);
  const goLive = () =>
    void run(async () => {
      try {
        await apiFetch(`/api/v1/workflows/${workflowId}/live`, { method: "POST", json: { version: shownVersion } });
        setChanged(null);
        wentLive.current = true;
      } catch (e) {
        if (!(e instanceof ApiCallError && e.body.error === "workflow_changed")) throw e;
        // Returning (not throwing) lets the page refresh: the checklist below becomes the copy as it is now.
        setChanged(`Not taken Live: ${whoChanged(e.body)} since you opened this page. The checklist below now shows this workflow as it is — check the configuration in the editor again, then go live.`);
      }
    });

  return (
    <div className="space-y-4">
      <ReviewLeaveGuard unsaved={Object.values(unsavedSecrets)} fallback={`/w/${workspaceId}/workflows`} />
      {lost && <LostNotice id="review-lost" action="You can no longer change this review" reason={LOST_REASON[lost]} />}
      <ErrorAlert error={error} />
      {changed && <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="review-changed">{changed}</p>}
      {/* What the last push changed for the client's senders (its webhook URL): nothing to tick off, but not to be missed. */}
      {review.notices.map((n) => (
        <p key={n} role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="review-notice">{n}</p>
      ))}
      {/* A viewer reads the items without their controls: said why, and who completes them (as
          the editor's "View only" badge says it there), and read with the list. */}
      {!canEdit && (
        <p id="review-view-only" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="review-view-only">
          View only · your role here is viewer: an editor or owner of {workspaceName} completes these.
        </p>
      )}
      <ol
        className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        aria-label="Review checklist"
        aria-describedby={canEdit ? undefined : "review-view-only"}
      >
        {review.items.map((item) => (
          <li key={itemKey(item)} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm" data-testid={`review-${itemKey(item)}`} data-done={item.done}>
            {item.done ? <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-label="done" /> : <Circle className="h-5 w-5 text-amber-500" aria-label="to do" />}
            {/* 12rem before the action wraps below it: beside it on a phone the label was one word a line. */}
            <span className="min-w-0 flex-[1_1_12rem]">{sentence(item)}</span>
            {canEdit && <ItemAction item={item} workspaceId={workspaceId} workflowId={workflowId} live={mode === "live"} busy={busy} lost={lost !== null} readBothWays={bothWays.has(keyOf(item) ?? "")} run={runItem} added={addedAccountId} confirm={confirm} markSecret={markSecret} />}
          </li>
        ))}
      </ol>
      {canEdit && (
        // What is still open comes before Go live, on screen as in the page's order: focus moved to
        // it once the review is confirmed, the next Tab reaches Go live (after it, Tab left the page).
        <div className="flex flex-wrap items-center gap-3">
          <span ref={summary} tabIndex={-1} aria-live="polite" data-testid="review-summary" className="text-sm text-slate-500 outline-none">{review.complete ? "Every item is complete." : `${plural(review.missing.length, "item")} still open.`}</span>
          {mode === "live" ? (
            <span ref={liveNote} tabIndex={-1} data-testid="review-live" className="text-sm font-medium text-emerald-700 outline-none">This workflow is Live.</span>
          ) : (
            <button type="button" className={buttonClass("primary")} disabled={busy} onClick={goLive}>
              Go live
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Who made the copy's newer version, as the 409 says it (savedBy, and pushedFrom for a push). */
function whoChanged(body: Record<string, unknown>): string {
  const by = body.savedBy as { name?: unknown; email?: unknown } | null | undefined;
  const named = by && typeof by.name === "string" && typeof by.email === "string" ? `${by.name} (${by.email})` : null;
  if (typeof body.pushedFrom === "string") return `${named ? `${named} of ` : ""}${body.pushedFrom} pushed a newer version`;
  return named ? `${named} changed this workflow` : "this workflow was changed";
}

// The API's messages are clauses (the Go live refusal lists them after a colon); here each is a
// line of its own, so it starts with a capital — unless it starts with a variable's key, which
// is written exactly as it is.
function sentence(item: ReviewItem): string {
  const { message } = item;
  if ((item.kind === "variable" || item.kind === "secret") && message.startsWith(item.key)) return message;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

const keyOf = (i: ReviewItem) => (i.kind === "variable" || i.kind === "secret" ? i.key : null);

const itemKey = (i: ReviewItem) =>
  i.kind === "account" ? `account-${i.stepId}` : i.kind === "file" ? `file-${i.name}` : i.kind === "confirm" ? "confirm" : i.kind === "webhook_secret" ? "webhook-secret" : `${i.kind}-${i.key}`;

type ItemActionProps = {
  item: ReviewItem;
  workspaceId: string;
  workflowId: string;
  live: boolean;
  busy: boolean;
  /** The review was lost (copy deleted, access or edit rights lost): links and boxes are disabled too. */
  lost: boolean;
  /** A key item whose key the workflow also reads as the other kind. */
  readBothWays: boolean;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  added: string | null;
  confirm: () => void;
  /** Says a secret is typed and not saved (what: in words), or no longer (null). */
  markSecret: (id: string, what: string | null) => void;
};

// A link that would lead on with a review that can no longer change: the same control, disabled.
const deadLink = (label: string) => (
  <button type="button" disabled className={buttonClass("secondary", "sm")}>
    {label}
  </button>
);

function ItemAction({ item, workspaceId, workflowId, live, busy, lost, readBothWays, run, added, confirm, markSecret }: ItemActionProps) {
  if (item.kind === "account") {
    if (item.options.length === 0) {
      // The accounts page brings the client back here once the account is added (?returnTo).
      const query = new URLSearchParams({ ...(item.app ? { app: item.app } : {}), returnTo: `/w/${workspaceId}/workflows/${workflowId}/review` });
      if (lost) return deadLink("Add an account");
      return <Link href={`/w/${workspaceId}/connections?${query}`} className={buttonClass("secondary", "sm")}>Add an account</Link>;
    }
    // A Live copy cannot be left without the account (the API refuses it, 409): another one may
    // be chosen, but not none. Only accounts that can serve the step's URL are offered.
    const keep = live && item.done;
    const choice = <AccountChoice item={item} workflowId={workflowId} keep={keep} busy={busy} run={run} added={added} />;
    if (!item.signIn) return choice;
    // A push copies no sign-in: the chosen account is connected here, by someone of this workspace.
    const account = { id: item.signIn.id, name: item.signIn.name, oauth: { status: item.signIn.status, connectedAt: null } };
    return (
      <div className="flex flex-col gap-1">
        {choice}
        <div className="flex flex-wrap items-center gap-2" data-testid={`account-sign-in-${item.stepId}`}>
          <OAuthStatusBadge oauth={account.oauth} />
          <ConnectButton c={account} run={run} disabled={busy || lost} />
        </div>
      </div>
    );
  }
  if ((item.kind === "variable" || item.kind === "secret") && !(item.state === "wrong_kind" && readBothWays)) {
    return item.kind === "secret" ? (
      <SecretValue itemKey={item.key} done={item.done} workspaceId={workspaceId} busy={busy} lost={lost} run={run} markSecret={markSecret} />
    ) : (
      <PlainValue itemKey={item.key} done={item.done} workspaceId={workspaceId} workflowId={workflowId} busy={busy} lost={lost} run={run} />
    );
  }
  if (item.kind === "webhook_secret") return <WebhookSecretAction item={item} workflowId={workflowId} busy={busy} lost={lost} run={run} markSecret={markSecret} />;
  if (item.kind === "file" && !item.done) return lost ? deadLink("Upload") : <Link href={`/w/${workspaceId}/files`} className={buttonClass("secondary", "sm")}>Upload</Link>;
  if (item.kind === "confirm" && !item.done) {
    return (
      <button type="button" disabled={busy} className={buttonClass("secondary", "sm")} onClick={confirm}>
        I reviewed the configuration
      </button>
    );
  }
  return null;
}

type ValueProps = { itemKey: string; done: boolean; workspaceId: string; busy: boolean; lost: boolean; run: ItemActionProps["run"] };

/** A plain variable's value: kept for the tab until saved, so a link followed meanwhile loses nothing. */
function PlainValue({ itemKey, done, workspaceId, workflowId, busy, lost, run }: ValueProps & { workflowId: string }) {
  const { value, setValue, outdated, overtaken } = useReviewDraft(workflowId, itemKey, done);
  // Typed on this visit, or kept from before the client left the page (then said so).
  const [typed, setTyped] = useState(false);
  const kept = value !== "" && !typed;
  return (
    <div className="flex flex-col gap-1">
      <ValueForm
        itemKey={itemKey}
        secret={false}
        done={done}
        value={value}
        workspaceId={workspaceId}
        busy={busy}
        lost={lost}
        run={run}
        describedBy={kept ? `kept-${itemKey}` : overtaken ? `overtaken-${itemKey}` : outdated ? `outdated-${itemKey}` : undefined}
        onChange={(v) => {
          setTyped(true);
          setValue(v);
        }}
      />
      {kept && <p id={`kept-${itemKey}`} className="w-56 text-xs text-amber-800" data-testid="value-kept">Kept from before you left this page. Not saved yet.</p>}
      {overtaken && (
        <p id={`overtaken-${itemKey}`} role="status" className="w-56 text-xs text-amber-800" data-testid="value-overtaken">
          {itemKey} was set elsewhere since you typed this: Save replaces that value.
        </p>
      )}
      {outdated && (
        <p id={`outdated-${itemKey}`} role="status" className="w-56 text-xs text-amber-800" data-testid="value-outdated">
          What you typed here before was not saved, and {itemKey} has been set since: it was dropped, so Save cannot overwrite the newer value.
        </p>
      )}
    </div>
  );
}

/** A secret's value: never kept in storage; while typed and not saved, leaving the page asks first. */
function SecretValue({ itemKey, done, workspaceId, busy, lost, run, markSecret }: ValueProps & { markSecret: ItemActionProps["markSecret"] }) {
  const [value, setValue] = useState("");
  useEffect(() => markSecret(`secret-${itemKey}`, value ? `the value of ${itemKey}` : null), [value, itemKey, markSecret]);
  useEffect(() => () => markSecret(`secret-${itemKey}`, null), [itemKey, markSecret]);
  return <ValueForm itemKey={itemKey} secret done={done} value={value} onChange={setValue} workspaceId={workspaceId} busy={busy} lost={lost} run={run} />;
}

type ValueFormProps = ValueProps & { secret: boolean; value: string; onChange: (v: string) => void; describedBy?: string };

function ValueForm({ itemKey, secret, done, value, onChange, workspaceId, busy, lost, run, describedBy }: ValueFormProps) {
  const { announce, region } = useAnnouncer();
  // Cleared only once saved: a refused value (too long, say) stays to be corrected, not retyped.
  const save = async () => {
    if (await run(() => apiFetch(`/api/v1/workspaces/${workspaceId}/variables/${itemKey}`, { method: "PUT", json: { value, secret } }))) {
      onChange("");
      announce(`Saved the value of ${itemKey}.`);
    }
  };
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {region}
      <input aria-label={`Value of ${itemKey}`} aria-describedby={describedBy} disabled={lost} type={secret ? "password" : "text"} value={value} onChange={(e) => onChange(e.target.value)} placeholder={done ? "Replace value" : "Fill in value"} autoComplete="off" className={cn(inputClass, "w-56")} />
      <button type="submit" disabled={busy || value === ""} className={buttonClass("secondary", "sm")}>
        Save<span className="sr-only"> {itemKey}</span>
      </button>
    </form>
  );
}
