"use client";
// The Webhook trigger's Configure tab. Draft: a prompt to go Live and Go live, no URL (spec §3
// rule 1). One that has been Live says in words that its URL is kept (the GET's keptWebhookUrl,
// read only for being there): refused with 409 meanwhile, the same URL once Live — so it is not
// called a workflow without a URL, and nobody copies a URL that starts no run from here. Live: the
// URL under "Webhook endpoint" with copy, Generate a new URL (confirmed: the old one stops at once).
// Always: Shared secret (write-only: shows set / not set), Signature header, deliveries log.
// Going Live from here moves focus to the URL it gave (the button goes); Generate a new URL stays
// focusable while it works (the confirmation hands focus back to it). Each change of mode or URL
// the user makes while the panel is open — from here or the header's Go live / Unpublish — is
// said in a polite live region; one the editor's poll brings (a colleague's, another tab's) is
// shown, not said: a live region speaking up with no action of the user's is an interruption.
// A viewer: the Live URL and Copy work (to hand the URL on), Go live / Generate a new URL are not
// offered, and the secret and header sit in a disabled fieldset (read, not changed).
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useMutationState, type Mutation } from "@tanstack/react-query";
import { Check, Copy, RefreshCw } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { DeliveriesLog } from "@/components/editor/configure/deliveries-log";
import { DraftGoLive } from "@/components/editor/configure/draft-go-live";
import { userChangeKey, useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { BusyButton } from "@/components/ui/busy-button";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { copyOrSelect, copyRefusedText } from "@/components/ui/copy-or-select";
import { checkConfig, configForCheck } from "@/lib/editor/check-steps";
import type { WorkflowView } from "@/lib/editor/api-types";
import type { EditorStep } from "@/lib/editor/step-ops";
import { isBlankSecret } from "@/lib/steps/shared-secret-text";

const inputClass = "block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500";

export function WebhookPanel({ step }: { step: EditorStep }) {
  const { doc, update, workflowId, readOnly } = useEditor();
  const { setMode, rotateUrl } = useWorkflowActions();
  const [secret, setSecret] = useState("");
  // Only spaces is no secret (shared-secret-text.ts, the API's rule): said here before it is set.
  const blankSecret = isBlankSecret(secret);
  const [copied, setCopied] = useState<boolean | null>(null);
  const live = doc.server?.mode === "live";
  const url = doc.server?.webhookUrl ?? null;
  const urlKept = Boolean(doc.server?.keptWebhookUrl);
  const secretValue = step.config.sharedSecret;
  const secretSet = typeof secretValue === "string" ? secretValue !== "" : (secretValue as { set?: boolean } | undefined)?.set === true;
  const header = typeof step.config.signatureHeader === "string" ? step.config.signatureHeader : "";
  const setConfig = (patch: Record<string, unknown>, coalesce?: string) => update(step.id, { config: { ...step.config, ...patch } }, coalesce);
  // The header's problem (a name no HTTP header can have) under the field, as the form shows
  // other fields' (components/editor/configure/schema-form.tsx), not only in the header.
  const headerProblem = useMemo(() => checkConfig(step.kind, configForCheck(step)).find((p) => p.field === "signatureHeader")?.message ?? null, [step]);
  const headerNoteId = `${useId()}-header-problem`;
  const blankNoteId = `${useId()}-blank-secret`;
  const { announce, region } = useAnnouncer();
  const urlField = useRef<HTMLInputElement>(null);
  // Set by this panel's Go live: once Live, focus goes to the URL (the button is gone).
  const focusUrl = useRef(false);
  useEffect(() => {
    if (focusUrl.current && live && url) {
      focusUrl.current = false;
      urlField.current?.focus();
    }
  }, [live, url]);
  // The user's latest change that succeeded (mutation ids grow); one made before the panel opened is not news.
  const done = useMutationState({ filters: { mutationKey: userChangeKey(workflowId), status: "success" }, select: saidOf });
  const { id: latestId, text: latestText } = done.reduce((a, d) => (d.id > a.id ? d : a), { id: 0, text: "" });
  const said = useRef(latestId);
  useEffect(() => {
    if (latestId <= said.current) return;
    said.current = latestId;
    announce(latestText);
  }, [latestId, latestText, announce]);

  // No clipboard (plain http from another machine) or a refused write: said, and the URL is
  // selected to copy by hand (copy-or-select.ts), not a Copy that did nothing.
  const copy = async () => {
    if (!url) return;
    const ok = await copyOrSelect(url, urlField.current);
    setCopied(ok);
    if (ok) setTimeout(() => setCopied(null), 1500);
  };

  return (
    <div className="space-y-6">
      {region}
      <section aria-labelledby="wh-endpoint" className="space-y-2">
        <h3 id="wh-endpoint" className="text-sm font-semibold text-slate-900">
          Webhook endpoint
        </h3>
        {!live ? (
          <DraftGoLive readOnly={readOnly} setMode={setMode} focusAfterRef={focusUrl}>
            {urlKept ? (
              <p data-testid="webhook-url-kept">This workflow is in Draft, so its webhook URL is not shown and no delivery starts a run. The URL is kept: senders still posting to it get 409 &ldquo;not published&rdquo; (&ldquo;Rejected: Draft&rdquo; below), and once the workflow is Live it works again, unchanged &mdash; senders need no change, and it shows here. Run step on Test &amp; Debug works in Draft.</p>
            ) : (
              <p>This workflow is in Draft, so it has no webhook URL and accepts no deliveries. Switch it to Live to get the URL senders should POST to. Run step on Test &amp; Debug works in Draft.</p>
            )}
          </DraftGoLive>
        ) : url ? (
          <>
            <UrlField url={url} copied={copied} onCopy={copy} inputRef={urlField} />
            <p className="text-xs text-slate-500">Senders POST JSON here. A 202 means the delivery arrived; each accepted delivery starts a run (see Executions).</p>
            {!readOnly && (
            <ConfirmDialog
              title="Generate a new URL?"
              description="The current URL stops working at once: deliveries to it still get 202 but start no run. Update the sender to the new URL first if it must keep working."
              confirmLabel="Generate new URL"
              destructive
              onConfirm={() => rotateUrl.mutate()}
              trigger={
                // Busy, not disabled: the confirmation returns focus to it while the new URL is made.
                <BusyButton className={buttonClass("ghost", "sm")} busy={rotateUrl.isPending}>
                  <RefreshCw className="h-4 w-4" aria-hidden /> Generate a new URL
                </BusyButton>
              }
            />
            )}
            {rotateUrl.error && <p role="alert" className="text-sm text-red-700 wrap-anywhere">{rotateUrl.error.message}</p>}
          </>
        ) : (
          <p className="text-sm text-slate-500">The URL appears once the workflow is saved.</p>
        )}
      </section>

      <fieldset disabled={readOnly} className="m-0 min-w-0 space-y-6 border-0 p-0 disabled:[&_button]:opacity-50">
      <section aria-labelledby="wh-secret" className="space-y-2">
        <div className="flex items-center justify-between">
          <h3 id="wh-secret" className="text-sm font-semibold text-slate-900">
            Shared secret
          </h3>
          {secretSet ? <Badge tone="green">Set</Badge> : <Badge>Not set</Badge>}
        </div>
        <p className="text-xs text-slate-500">
          {secretSet ? "Every delivery must carry an HMAC-SHA256 signature of its body made with this secret. The secret is never shown again." : "Without a secret any request to the URL is accepted; with one, unsigned or wrongly signed deliveries are rejected."}
        </p>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!secret || blankSecret) return;
            setConfig({ sharedSecret: secret });
            setSecret("");
          }}
        >
          <input type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} aria-label="Shared secret" aria-invalid={blankSecret || undefined} aria-describedby={blankSecret ? blankNoteId : undefined} placeholder={secretSet ? "Enter a new secret to replace it" : "Enter a secret"} className={inputClass} />
          <button type="submit" className={buttonClass("secondary", "md", "shrink-0")} disabled={!secret || blankSecret}>
            {secretSet ? "Replace" : "Set secret"}
          </button>
        </form>
        {blankSecret && <p id={blankNoteId} role="status" className="text-xs text-red-700">A secret of only spaces is not accepted: type the secret your sender signs with.</p>}
        {secretSet && !live && (
          <button type="button" className="text-xs font-medium text-red-700 hover:underline" onClick={() => setConfig({ sharedSecret: "" })}>
            Remove the secret
          </button>
        )}
        {/* Live, removing it opens the URL to anyone at the next save: said first, as the client
            review's "Accept unsigned deliveries" is. (A Live pushed copy is refused outright: its
            review never accepted unsigned deliveries — lib/push/assert-review-kept.ts.) */}
        {secretSet && live && (
          <ConfirmDialog
            title="Remove the shared secret?"
            description="This workflow is Live: once saved, any request to its URL starts a run, signed or not, and anyone who learns the URL can start runs with any data."
            confirmLabel="Remove the secret"
            destructive
            onConfirm={() => setConfig({ sharedSecret: "" })}
            trigger={
              <button type="button" className="text-xs font-medium text-red-700 hover:underline">
                Remove the secret
              </button>
            }
          />
        )}
      </section>

      <section className="space-y-1">
        <label htmlFor="wh-header" className="block text-sm font-semibold text-slate-900">
          Signature header
        </label>
        <input
          id="wh-header"
          value={header}
          onChange={(e) => setConfig({ signatureHeader: e.target.value }, "signatureHeader")}
          placeholder="x-service-signature"
          className={`${inputClass} font-mono`}
          {...(headerProblem ? { "aria-invalid": true, "aria-describedby": headerNoteId } : {})}
        />
        {headerProblem ? (
          <p id={headerNoteId} className="text-xs text-red-700 wrap-anywhere" data-invalid-field="signatureHeader">
            {headerProblem}
          </p>
        ) : secretSet && header.trim() === "" ? (
          <p className="text-xs text-amber-800">Name the header your sender signs with (for example X-Hub-Signature-256): third-party senders rarely use the default x-service-signature.</p>
        ) : (
          <p className="text-xs text-slate-500">Header that carries the signature; empty means x-service-signature.</p>
        )}
      </section>
      </fieldset>

      <DeliveriesLog workflowId={workflowId} />
    </div>
  );
}

type Said = { id: number; text: string };

/** What a Go live / Unpublish or Generate a new URL did, in the words the panel says it. */
function saidOf(m: Mutation<unknown, Error, unknown>): Said {
  const { data } = m.state;
  if (m.options.mutationKey?.at(-1) === "url") return { id: m.mutationId, text: `New webhook URL: ${(data as { webhookUrl: string }).webhookUrl}. The old one starts no more runs.` };
  const w = data as WorkflowView;
  const text = w.mode === "live" ? `The workflow is Live${w.webhookUrl ? `: senders POST to ${w.webhookUrl}` : ""}.` : "The workflow is in Draft: deliveries to its URL are refused and start no run.";
  return { id: m.mutationId, text };
}

// `copied` false: the Copy could not copy, and the URL is selected instead.
function UrlField({ url, copied, onCopy, inputRef }: { url: string; copied: boolean | null; onCopy: () => void; inputRef?: React.Ref<HTMLInputElement> }) {
  return (
    <>
      <div className="flex gap-2">
        <input ref={inputRef} readOnly value={url} aria-label="Webhook endpoint" data-testid="webhook-url" className={`${inputClass} bg-slate-50 font-mono text-xs`} onFocus={(e) => e.target.select()} />
        <button type="button" className={buttonClass("secondary", "md", "shrink-0")} onClick={onCopy} aria-label="Copy webhook URL">
          {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      {copied === false && <p role="alert" className="text-xs text-amber-800">{copyRefusedText("URL")}</p>}
    </>
  );
}
