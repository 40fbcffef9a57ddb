"use client";
// The review's webhook secret item: set the copy's own shared secret (write-only, like the
// editor's field), or, after a warning, explicitly accept unsigned deliveries. The secret typed is
// never kept in storage: while it is typed and not saved, leaving the page asks first (markSecret).
import { useEffect, useState } from "react";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { ReviewItem } from "@/lib/push/compute-review";
import { isBlankSecret } from "@/lib/steps/shared-secret-text";

type Props = {
  item: Extract<ReviewItem, { kind: "webhook_secret" }>;
  workflowId: string;
  busy: boolean;
  /** The review was lost: the box takes no typing (what was typed stays to be seen). */
  lost?: boolean;
  run: (fn: () => Promise<unknown>) => Promise<boolean>;
  markSecret: (id: string, what: string | null) => void;
};

export function WebhookSecretAction({ item, workflowId, busy, lost = false, run, markSecret }: Props) {
  const [secret, setSecret] = useState("");
  useEffect(() => markSecret("webhook-secret", secret ? "the webhook shared secret" : null), [secret, markSecret]);
  useEffect(() => () => markSecret("webhook-secret", null), [markSecret]);
  const [warned, setWarned] = useState(false);
  // Only spaces: refused by the API as by the editor (shared-secret-text.ts), so said before Save.
  const blank = isBlankSecret(secret);
  const url = `/api/v1/workflows/${workflowId}/review/webhook-secret`;
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto">
      {/* onSubmit, not a form action: React resets a form after its action even when the save
          was refused, and the secret typed would be lost with the error. Cleared once saved. */}
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => apiFetch(url, { method: "PUT", json: { sharedSecret: secret } })).then((ok) => ok && setSecret(""));
        }}
      >
        <input
          aria-label="Webhook shared secret"
          aria-invalid={blank || undefined}
          aria-describedby={blank ? "webhook-secret-blank" : undefined}
          disabled={lost}
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          // The item's text names the header; here it was cut off mid-name in the box's width.
          placeholder={item.state === "own_secret" ? "Replace secret" : "Your own secret"}
          autoComplete="new-password"
          className={cn(inputClass, "w-56")}
        />
        <button type="submit" disabled={busy || secret === "" || blank} className={buttonClass("secondary", "sm")}>Save secret</button>
      </form>
      {blank && (
        <p id="webhook-secret-blank" role="status" className="w-56 text-xs text-red-700" data-testid="webhook-secret-blank">
          A secret of only spaces is not accepted: type the secret your sender signs with.
        </p>
      )}
      {item.state === "not_set" &&
        (warned ? (
          <div data-testid="unsigned-warning" className="rounded-lg border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
            <p>Without a secret, anyone who learns this workflow&apos;s URL can start runs with any data. Your provider built it to verify signed deliveries.</p>
            <div className="mt-2 flex gap-2">
              <button type="button" disabled={busy} className={buttonClass("secondary", "sm")} onClick={() => void run(() => apiFetch(url, { method: "PUT", json: { acceptUnsigned: true } }))}>
                Yes, accept unsigned deliveries
              </button>
              <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setWarned(false)}>Cancel</button>
            </div>
          </div>
        ) : (
          <button type="button" disabled={busy} className={cn(buttonClass("ghost", "sm"), "self-start")} onClick={() => setWarned(true)}>
            Accept unsigned deliveries…
          </button>
        ))}
    </div>
  );
}
