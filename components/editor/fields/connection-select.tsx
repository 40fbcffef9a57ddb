"use client";
// The app account an HTTP Request or AI Prompt step uses (its `connectionId`). Like n8n's
// credentials per node, the list offers the accounts of the app the step was built for
// (lib/steps/step-account-app.ts: AI accounts for AI Prompt, the blueprint's app for an HTTP
// Request with `config.app`), or any app's for a generic HTTP Request. Another app's account is
// never a silent pick: it is offered only after "Use another app's account", and choosing it
// switches the step to that app (`config.app`), said under the field, so a push asks each client
// for an account of the app the step now calls. One already on the step (saved before, or through
// the API) is named and flagged with why. An id no longer in the list (the account was deleted
// since, or belongs elsewhere) shows as deleted until another is chosen.
import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { AI_PROMPT_APP } from "@/lib/connections/app-catalog";
import type { ConnectionView } from "@/lib/connections/connection-input";
import { accountAppProblem, appLabel, describeAccountAppProblem, stepAccountApp } from "@/lib/steps/step-account-app";

type StepLike = { kind: string; config: Record<string, unknown> };
/** `aria`: aria-invalid / aria-describedby when the form has a message about this field.
 *  `onPatch`: sets several keys of the step's config at once (the account and the step's app). */
type Props = {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: string | null) => void;
  onPatch: (changes: Record<string, unknown>) => void;
  workspaceId: string;
  step: StepLike | undefined;
  className: string;
  aria?: React.AriaAttributes;
};

export function ConnectionSelect({ id, label, value, onChange, onPatch, workspaceId, step, className, aria }: Props) {
  const { readOnly } = useEditor();
  const kind = step?.kind ?? "";
  const ai = kind === "ai_prompt";
  // An HTTP Request loads every account (the query the editor's checks share), so one of another
  // app on the step can be named; AI Prompt loads only AI accounts.
  const query = useQuery({
    queryKey: ["connections", workspaceId, ai ? AI_PROMPT_APP : null],
    queryFn: () => api<{ connections: ConnectionView[] }>(`/api/v1/workspaces/${workspaceId}/connections${ai ? `?app=${AI_PROMPT_APP}` : ""}`),
  });
  const [showOthers, setShowOthers] = useState(false);
  const [switched, setSwitched] = useState<{ from: string; to: string } | null>(null);
  const all = query.data?.connections ?? null;
  const error = query.error ? query.error.message : null;
  const stepApp = step ? stepAccountApp(step) : null;
  const forApp = stepApp !== null && !ai; // an HTTP Request built for one app
  const ofApp = all && forApp ? all.filter((a) => a.app === stepApp) : all;
  const others = all && forApp ? all.filter((a) => a.app !== stepApp) : [];
  const current = typeof value === "string" && value !== "" ? value : "";
  const account = all?.find((a) => a.id === current);
  const missing = current !== "" && all !== null && !account;
  const problem = account && step ? accountAppProblem(step, account) : null;
  const choose = (next: string) => {
    const other = others.find((a) => a.id === next);
    if (!other || stepApp === null) return onChange(next === "" ? null : next);
    // A deliberate switch: the step is now for the app of the account chosen.
    onPatch({ connectionId: other.id, app: other.app });
    setSwitched({ from: stepApp, to: other.app });
    setShowOthers(false);
  };
  const switchToAccountApp = () => {
    if (!problem) return;
    onPatch({ app: problem.accountApp });
    setSwitched({ from: problem.stepApp, to: problem.accountApp });
  };
  const appName = stepApp !== null ? appLabel(stepApp) : "";
  return (
    <div className="space-y-1">
      <select id={id} aria-label={label} {...aria} className={className} value={current} disabled={all === null && !error} onChange={(e) => choose(e.target.value)}>
        <option value="">{ai ? "No account (the step fails until one is chosen)" : "No account (the URL must be complete)"}</option>
        {missing && <option value={current}>Deleted account — choose another</option>}
        {problem && account && (
          <option value={current}>
            {account.name} · {account.appLabel} — not a {appName} account
          </option>
        )}
        {ofApp?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} · {a.appLabel}
          </option>
        ))}
        {showOthers && others.length > 0 && (
          <optgroup label={`Other apps — choosing one switches this step from ${appName}`}>
            {others.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} · {a.appLabel}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {error && <p className="text-xs text-red-600 wrap-anywhere">Accounts could not be loaded: {error}</p>}
      {problem && account && (
        <p className="text-xs text-red-700 wrap-anywhere" data-account-app-problem>
          {describeAccountAppProblem(problem, account.name)}{" "}
          <button type="button" className="text-brand-700 underline" onClick={switchToAccountApp}>
            Switch the step to {appLabel(problem.accountApp)}
          </button>
        </p>
      )}
      {switched && (
        <p className="text-xs text-amber-800 wrap-anywhere" role="status" data-account-app-switched>
          This step was built for {appLabel(switched.from)} and now calls {appLabel(switched.to)}: a push asks each client for a {appLabel(switched.to)} account.
        </p>
      )}
      {forApp && !problem && !switched && all !== null && (
        <p className="text-xs text-slate-500 wrap-anywhere">
          {appName} accounts only: this step was built for {appName}.{" "}
          {others.length > 0 && !showOthers && (
            <button type="button" className="text-brand-700 underline" onClick={() => setShowOthers(true)}>
              Use another app&apos;s account
            </button>
          )}
          {showOthers && "Choosing another app's account switches the step to that app."}
        </p>
      )}
      {ofApp !== null && ofApp.length === 0 && (
        <p className="text-xs text-slate-500">
          No {ai ? "AI " : forApp ? `${appName} ` : ""}accounts in this workspace yet.
          {/* A viewer cannot add one: no link to a page whose Add it could not use. */}
          {!readOnly && (
            <>
              {" "}
              <Link href={`/w/${workspaceId}/connections${ai ? `?app=${AI_PROMPT_APP}` : forApp ? `?app=${stepApp}` : ""}`} className="text-brand-700 underline" target="_blank">
                Add one
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
