"use client";
// What a test is about to send, for the Test & Debug tab: the requests of the step (Run step) or of
// the whole workflow (Run whole workflow / Run now), with their accounts, and a confirmation before
// a request that changes something (POST, PUT, PATCH, DELETE) goes out. Once confirmed, the same
// request (method and URL) of the same step is not asked about again in this browser tab
// (sessionStorage), so repeated tests do not nag; a changed method or URL asks again.
import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ConnectionView } from "@/lib/connections/connection-input";
import { describeTestSend, whatStepSends, whatWorkflowSends, type TestSend, type TestSendAccount } from "@/lib/http-step/what-a-test-sends";

export type TestScope = "step" | "workflow";

/** The requests a test of this step (or of the whole workflow) sends. */
export function useTestSends(stepId: string, scope: TestScope): TestSend[] {
  const { steps, workspaceId } = useEditor();
  // The same query as the account field and useAccountIds: fetched once for the editor.
  const connections = useQuery({
    queryKey: ["connections", workspaceId, null],
    queryFn: () => api<{ connections: ConnectionView[] }>(`/api/v1/workspaces/${workspaceId}/connections`),
  });
  return useMemo(() => {
    const accounts = new Map<string, TestSendAccount>((connections.data?.connections ?? []).map((c) => [c.id, { name: c.name, baseUrl: c.baseUrl }]));
    if (scope === "workflow") return whatWorkflowSends(steps, accounts);
    const i = steps.findIndex((s) => s.id === stepId);
    const one = i < 0 ? null : whatStepSends(steps[i], i + 1, accounts);
    return one ? [one] : [];
  }, [connections.data, steps, stepId, scope]);
}

// A request that cannot be sent (its URL's form) is not asked about: nothing goes out.
const changing = (sends: readonly TestSend[]) => sends.filter((s): s is Extract<TestSend, { kind: "http" }> => s.kind === "http" && s.changes && !s.problem);
const memoryKey = (workflowId: string, stepId: string, scope: TestScope) => `msp-flow:test-sends-confirmed:${workflowId}:${scope === "workflow" ? "workflow" : stepId}`;
const fingerprint = (sends: readonly TestSend[]) => JSON.stringify(changing(sends).map((s) => [s.stepId, s.method, s.url]));

/** Whether a test sending `sends` must be confirmed first (a changing request not yet confirmed in this tab). */
export function needsConfirmation(workflowId: string, stepId: string, scope: TestScope, sends: readonly TestSend[]): boolean {
  if (changing(sends).length === 0) return false;
  try {
    return sessionStorage.getItem(memoryKey(workflowId, stepId, scope)) !== fingerprint(sends);
  } catch {
    return true; // storage refused (private mode): ask each time
  }
}

function remember(workflowId: string, stepId: string, scope: TestScope, sends: readonly TestSend[]): void {
  try {
    sessionStorage.setItem(memoryKey(workflowId, stepId, scope), fingerprint(sends));
  } catch {
    // not remembered: asked again next time
  }
}

/** The requests, said plainly under the Run buttons. */
export function TestSendsNote({ sends, scope, isStep }: { sends: readonly TestSend[]; scope: TestScope; isStep: boolean }) {
  if (sends.length === 0) return null;
  if (scope === "step" && sends.length === 1) {
    const s = sends[0];
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900 wrap-anywhere" data-testid="test-sends">
        {s.kind === "http" && s.problem ? (
          <>
            Run step cannot send <span className="font-mono">{s.method} {s.url || "(no URL yet)"}</span>: {s.problem}, so it sends nothing.
          </>
        ) : s.kind === "http" ? (
          <>
            Run step sends <span className="font-mono">{describeTestSend(s)}</span> for real{s.changes ? " (you are asked first)" : ""}.
          </>
        ) : (
          <>Run step {describeTestSend(s)} for real (the prompt goes out and may be billed).</>
        )}
      </p>
    );
  }
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900 wrap-anywhere" data-testid="test-sends-workflow">
      <p>{isStep ? "Run whole workflow" : "Run now"} sends, for real, as the run reaches them:</p>
      <ul className="mt-1 list-disc pl-5">
        {sends.map((s) => (
          <li key={s.stepId}>
            step {s.number}: <span className={s.kind === "http" ? "font-mono" : undefined}>{describeTestSend(s)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The confirmation before a test sends a request that changes something. */
export function ConfirmTestSends({
  pending,
  onSend,
  onCancel,
}: {
  pending: { stepId: string; scope: TestScope; sends: readonly TestSend[] } | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { workflowId } = useEditor();
  if (!pending) return null;
  const risky = changing(pending.sends);
  const one = risky.length === 1 ? risky[0] : null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={one ? `Send ${one.method} ${one.url || "(no URL yet)"}?` : `Send ${risky.length} requests that change something?`}
      description={
        <>
          This test sends {one ? "this request" : "these requests"} for real{one?.account ? `, with the credentials of the account “${one.account}”` : ""}: whatever {one ? "it does" : "they do"} at the other end
          (isolating a host, closing a ticket) happens. In this browser tab you are not asked again for the same {one ? "request" : "requests"} of this {pending.scope === "workflow" ? "workflow" : "step"}.
        </>
      }
      details={
        one ? undefined : (
          <ul className="list-disc pl-5 font-mono wrap-anywhere">
            {risky.map((s) => (
              <li key={s.stepId}>
                step {s.number}: {describeTestSend(s)}
              </li>
            ))}
          </ul>
        )
      }
      confirmLabel="Send it"
      destructive
      onConfirm={() => {
        remember(workflowId, pending.stepId, pending.scope, pending.sends);
        onSend();
      }}
    />
  );
}
