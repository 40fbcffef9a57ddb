// The preflight of a push, item by item: accounts per app (and steps whose account's app is
// unknown: deleted at the provider, or never chosen; client accounts that cannot serve a step's URL), variable and secret keys, files,
// sample data, and the notes (re-push, values never copied).
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { appByKey } from "@/lib/connections/app-catalog";
import type { UnresolvedAccountStep } from "@/lib/push/plan-push";
import { providerHasSampleData } from "@/lib/push/push-input";
import type { PreflightView } from "@/lib/push/to-preflight-view";

const ACCOUNT: Record<string, [string, BadgeTone]> = {
  selected: ["account selected", "green"],
  kept: ["client's choice kept", "green"],
  no_account: ["arrives without an account", "amber"],
};
const KEY: Record<string, [string, BadgeTone]> = {
  present: ["present in client", "green"],
  present_without_value: ["present, no value yet", "amber"],
  created_without_value: ["created without a value", "amber"],
  wrong_kind: ["exists with the other kind", "amber"],
};
const FILE: Record<string, [string, BadgeTone]> = { present: ["present in client", "green"], copied: ["will be copied", "blue"], missing: ["missing here too", "amber"] };
const DIFFERS: [string, BadgeTone] = ["client's differs · kept", "amber"];

function Section({ title, children, empty }: { title: string; children: React.ReactNode; empty: boolean }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white">
      <h3 className="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-900">{title}</h3>
      {empty ? <p className="px-4 py-2 text-sm text-slate-500">Nothing to resolve.</p> : <ul className="divide-y divide-slate-100 text-sm">{children}</ul>}
    </section>
  );
}

function UnresolvedAccount({ step: s, why }: { step: UnresolvedAccountStep; why: string }) {
  return (
    <li className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-account-${s.stepId}`}>
      <span className="flex-1">step {s.number} ({s.name}) {why} · the client chooses {s.app ? `an account for ${appByKey(s.app)?.label ?? s.app}` : "any account"}</span>
      <Badge tone={ACCOUNT[s.result][1]}>{ACCOUNT[s.result][0]}</Badge>
    </li>
  );
}

export function PreflightItems({ preflight }: { preflight: PreflightView }) {
  // A step that takes the place of one the client chose an account for (reset-account-choices.ts).
  const reset = new Set((preflight.accountChoicesReset ?? []).map((r) => r.stepId));
  return (
    <div className="space-y-3" data-testid="preflight">
      <ul className="space-y-1 rounded-lg bg-brand-50 px-4 py-3 text-sm text-slate-800">
        {preflight.notes.map((n) => <li key={n}>{n}</li>)}
      </ul>
      <Section title="App connections" empty={preflight.connections.length === 0 && preflight.unknownAccounts.length === 0 && preflight.stepsWithoutAccount.length === 0 && preflight.unusableAccounts.length === 0}>
        {preflight.connections.flatMap((app) =>
          app.steps.map((s) => (
            <li key={s.stepId} className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-account-${s.stepId}`}>
              <span className="w-48 font-medium">{app.appLabel}</span>
              <span className="flex-1 text-slate-600">step {s.number} ({s.name}) · client has {app.clientAccounts.length} account{app.clientAccounts.length === 1 ? "" : "s"}{s.account ? ` → ${s.account.name}` : ""}</span>
              {reset.has(s.stepId) ? <Badge tone="amber">client&apos;s choice reset</Badge> : <Badge tone={ACCOUNT[s.result][1]}>{ACCOUNT[s.result][0]}</Badge>}
            </li>
          )),
        )}
        {preflight.unknownAccounts.map((s) => <UnresolvedAccount key={s.stepId} step={s} why="selects an account that no longer exists" />)}
        {preflight.stepsWithoutAccount.map((s) => <UnresolvedAccount key={s.stepId} step={s} why="has no account but needs one" />)}
        {/* A client account that cannot serve the step's URL: every run on it would fail. */}
        {preflight.unusableAccounts.map((u) => (
          <li key={`unusable-${u.stepId}`} className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-unusable-${u.stepId}`}>
            <span className="flex-1 text-slate-600">step {u.number} ({u.name}) · {u.reason}</span>
            <Badge tone="amber">{u.chosen ? "client's account taken off" : "not selected"}</Badge>
          </li>
        ))}
      </Section>
      <Section title="Variables and secrets" empty={preflight.variables.length === 0}>
        {preflight.variables.map((v) => (
          <li key={`${v.secret}-${v.key}`} className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-key-${v.key}`}>
            <span className="w-48 font-mono">{v.key}</span>
            <span className="flex-1 text-slate-600">{v.secret ? "secret" : "variable"} · value never copied</span>
            <Badge tone={KEY[v.status][1]}>{KEY[v.status][0]}</Badge>
          </li>
        ))}
      </Section>
      <Section title="Files" empty={preflight.files.length === 0}>
        {preflight.files.map((f) => (
          <li key={f.name} className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-file-${f.name}`}>
            <span className="flex-1 font-mono">{f.name}</span>
            {f.differsFromProvider ? <Badge tone={DIFFERS[1]}>{DIFFERS[0]}</Badge> : <Badge tone={FILE[f.status][1]}>{FILE[f.status][0]}</Badge>}
          </li>
        ))}
      </Section>
      <Section title="Sample data" empty={!preflight.sampleData.present && preflight.sampleData.clientOwn.length === 0}>
        {preflight.sampleData.steps.map((s) => (
          <li key={s.stepId} className="px-4 py-2">Testing data on step {s.number} ({s.name}) may hold your own data — keep or clear it below.</li>
        ))}
        {preflight.sampleData.clientOwn.map((s) => (
          <li key={`own-${s.stepId}`} className="flex items-center gap-3 px-4 py-2" data-testid={`preflight-client-sample-${s.stepId}`}>
            <span className="flex-1">
              {preflight.target.name} has its own testing data on step {s.number} ({s.name}):{" "}
              {providerHasSampleData(preflight.sampleData, s.stepId) ? "kept unless you choose to replace it." : "kept (you have no sample data there)."}
            </span>
            <Badge tone="green">client&apos;s own kept</Badge>
          </li>
        ))}
      </Section>
    </div>
  );
}
