"use client";
// App accounts of a workspace, grouped by app from the catalog: add an account (credentials are
// sent once and never shown again), rename it, change its settings (token URL, scope, header…,
// shown on its row), replace its credentials, delete it (confirmed, naming the workflows that use
// it). An edit that would send the stored credentials to a new address asks for them again
// before it is sent, as the API does. Opened from a page that wants the account (the client
// review's "Add an account": `returnTo`), a successful add leads back there, naming the new account.
import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { apiFetch, inputClass } from "@/components/resources/api-fetch";
import { AUTH_KIND_LABELS, CredentialFields, readCredentials } from "@/components/resources/credential-fields";
import { readSettings, sameSettings, SettingsFields, SettingsSummary } from "@/components/resources/connection-settings-fields";
import { DeleteAccountButton } from "@/components/resources/delete-account-button";
import { ConnectButton, DisconnectWarning, OAuthStatusBadge, RedirectUriNote } from "@/components/resources/oauth-connect";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { KeptForm } from "@/components/ui/kept-form";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ListFilter } from "@/components/ui/list-filter";
import { APP_CATALOG, appByKey } from "@/lib/connections/app-catalog";
import { CONFIG_KEYS, type AuthKind } from "@/lib/connections/connection-auth";
import type { ConnectionView } from "@/lib/connections/connection-input";
import { credentialDestinationChanges, describeDestinationChange, type DestinationChange } from "@/lib/connections/credential-destination-changes";
import { startingConfig } from "@/lib/connections/connection-settings";
import { matchesFilter } from "@/lib/list-filter";

type Props = {
  workspaceId: string;
  connections: ConnectionView[];
  canEdit: boolean;
  /** Preselected app (?app=KEY: "Add an account" from a review or the editor). */
  initialApp?: string;
  /** Where a successful add leads (a same-site path the page checked), and what to call it. */
  returnTo?: { path: string; label: string };
  /** Where a provider sends the browser back after Connect (OAuth 2.0 sign-in accounts). */
  oauthRedirectUri: string;
};

/** The return path with ?added=ID, so the page there can tell which account is new. */
function withAddedAccount(path: string, id: string): string {
  const url = new URL(path, "http://x.invalid");
  url.searchParams.set("added", id);
  return url.pathname + url.search + url.hash;
}

export function ConnectionsManager({ workspaceId, connections, canEdit, initialApp, returnTo, oauthRedirectUri }: Props) {
  const { run, error } = useApiAction();
  const router = useRouter();
  const [app, setApp] = useState(initialApp && appByKey(initialApp) ? initialApp : APP_CATALOG[0].key);
  const entry = appByKey(app)!;
  const [kind, setKind] = useState<AuthKind>(entry.authKind);
  const [baseUrl, setBaseUrl] = useState(entry.defaultBaseUrl);
  const [query, setQuery] = useState("");
  // By the account's name or its app (label or key): "graph" finds every Microsoft Graph account.
  const shown = connections.filter((c) => matchesFilter(query, c.name, c.app, appByKey(c.app)?.label));
  const filtering = query.trim() !== "";
  const pickApp = (key: string) => {
    const next = appByKey(key)!;
    setApp(key);
    setKind(next.authKind);
    setBaseUrl(next.defaultBaseUrl);
  };

  // A KeptForm: a form action's reset cleared what was typed when the add was refused and left the
  // app and auth boxes showing their first options while the next add still sent the previous
  // ones. Only the account's own fields are cleared, and only once it is added; the app, auth kind
  // and base URL stay for the next account.
  async function add(form: HTMLFormElement) {
    const data = new FormData(form);
    const created: { id?: string } = {};
    const ok = await run(async () => {
      const res = await apiFetch<{ connection: { id: string } }>(`/api/v1/workspaces/${workspaceId}/connections`, {
        method: "POST",
        json: { app, name: String(data.get("name") ?? "").trim(), authKind: kind, baseUrl: baseUrl.trim() || null, config: readSettings(data, kind), credentials: readCredentials(data, kind) },
      });
      created.id = res.connection.id;
    });
    if (ok && returnTo && created.id) {
      router.push(withAddedAccount(returnTo.path, created.id));
      return;
    }
    if (ok) for (const input of form.querySelectorAll<HTMLInputElement>('input[name="name"], input[name^="cred."]')) input.value = "";
  }

  return (
    <div className="mt-6 space-y-6">
      <ErrorAlert error={error} />
      {returnTo && (
        <p className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-700" data-testid="connections-return">
          {canEdit ? `Adding an account takes you back to ${returnTo.label}. ` : ""}
          <Link href={returnTo.path} className="font-medium text-brand-700 hover:underline">
            Back to {returnTo.label}
          </Link>
        </p>
      )}
      {canEdit && (
        <KeptForm
          onSend={add}
          className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
          aria-label="Add an account"
        >
          <label className="text-sm font-medium text-slate-700">
            App
            <select value={app} onChange={(e) => pickApp(e.target.value)} className={cn(inputClass, "mt-1")} name="app">
              {APP_CATALOG.map((a) => <option key={a.key} value={a.key}>{a.label}</option>)}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Account name
            <input name="name" required maxLength={120} placeholder="e.g. Production tenant" className={cn(inputClass, "mt-1")} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Authentication
            <select value={kind} onChange={(e) => setKind(e.target.value as AuthKind)} className={cn(inputClass, "mt-1")} name="authKind">
              {entry.authKinds.map((k) => <option key={k} value={k}>{AUTH_KIND_LABELS[k]}</option>)}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Base URL
            <input name="baseUrl" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} className={cn(inputClass, "mt-1")} />
          </label>
          {/* Starts from the app's defaults; a template (Entra's token URL) is only a placeholder, to be typed in. */}
          <SettingsFields key={`${app}:${kind}`} kind={kind} values={startingConfig(entry, kind)} hints={entry.configHints} />
          <CredentialFields key={kind} kind={kind} required={kind !== "openai"} />
          {kind === "oauth2_authorization_code" && <RedirectUriNote uri={oauthRedirectUri} />}
          <p className="text-xs text-slate-500 sm:col-span-2">{entry.description} Credentials are encrypted and can be replaced, never read back.</p>
          <div className="sm:col-span-2"><button type="submit" className={buttonClass("primary")}>Add account</button></div>
        </KeptForm>
      )}
      <ListFilter label="Filter accounts" placeholder="Name or app" query={query} onQuery={setQuery} shown={shown.length} total={connections.length} noun={["account", "accounts"]} />
      {APP_CATALOG.map((a) => {
        const mine = shown.filter((c) => c.app === a.key);
        // While filtering, an app without a matching account is left out rather than shown empty.
        if (filtering && mine.length === 0) return null;
        return (
          <section key={a.key} aria-label={a.label} className="rounded-xl border border-slate-200 bg-white">
            <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-2">
              <h2 className="text-sm font-semibold text-slate-900">{a.label}</h2>
              <span className="text-xs text-slate-500">{mine.length === 0 ? "no account" : `${mine.length} account${mine.length > 1 ? "s" : ""}`}</span>
            </header>
            <ul className="divide-y divide-slate-100">
              {mine.map((c) => <AccountRow key={c.id} c={c} canEdit={canEdit} run={run} oauthRedirectUri={oauthRedirectUri} />)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function AccountRow({ c, canEdit, run, oauthRedirectUri }: { c: ConnectionView; canEdit: boolean; run: (fn: () => Promise<unknown>) => Promise<boolean>; oauthRedirectUri: string }) {
  const [editing, setEditing] = useState(false);
  // Edit (Cancel while open): where focus goes once a save closes the form, which took the
  // focused Save with it and left a keyboard user at the top of the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const kind = c.authKind as AuthKind;
  // The edits typed so far that would send the stored credentials elsewhere: they make the
  // credential fields required, with a note saying why.
  const [moves, setMoves] = useState<DestinationChange[]>([]);
  const recheck = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const after = { baseUrl: String(data.get("baseUrl") ?? "").trim() || null, config: readSettings(data, kind) };
    setMoves(c.hasCredentials ? credentialDestinationChanges({ authKind: kind, before: { baseUrl: c.baseUrl, config: c.config }, after }).filter((m) => m.needsCredentials) : []);
  };
  // Kept as typed when refused (onSubmit: a form action would reset it).
  async function save(form: HTMLFormElement) {
    const data = new FormData(form);
    // Settings only when changed (the audit names what changed). A PATCH merges config key by key,
    // so the form says every setting: one left empty (or a stored key the kind does not read) is
    // sent as null, which removes it.
    const settings = readSettings(data, kind);
    const cleared = Object.fromEntries([...Object.keys(c.config), ...CONFIG_KEYS[kind]].map((key) => [key, null]));
    const config = sameSettings(settings, c.config, kind) ? undefined : { ...cleared, ...settings };
    const ok = await run(() =>
      apiFetch(`/api/v1/connections/${c.id}`, { method: "PATCH", json: { name: String(data.get("name") ?? "").trim(), baseUrl: String(data.get("baseUrl") ?? "").trim() || null, config, credentials: readCredentials(data, kind) } }),
    );
    if (ok) {
      // Unless the user has moved on to something else meanwhile.
      const at = document.activeElement;
      if (!at || at === document.body || form.contains(at)) editButton.current?.focus();
      setEditing(false);
    }
  }
  return (
    <li className="px-4 py-2" data-testid={`account-${c.name}`}>
      {/* Wraps on a phone: the base URL gets a line of its own (broken, not cut) rather than none. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 break-words font-medium text-slate-900">{c.name}</span>
        <Badge>{AUTH_KIND_LABELS[kind] ?? c.authKind}</Badge>
        {c.hasCredentials ? <Badge tone="green">credentials set</Badge> : kind !== "none" && <Badge tone="amber">no credentials</Badge>}
        {c.oauth && <OAuthStatusBadge oauth={c.oauth} />}
        <span className="min-w-48 flex-1 text-slate-500 [overflow-wrap:anywhere]">{c.baseUrl}</span>
        {canEdit && (
          <button
            ref={editButton}
            type="button"
            className={buttonClass("ghost", "sm")}
            onClick={() => {
              setEditing(!editing);
              setMoves([]);
            }}
          >
            {/* Named with the account, as its Delete is: every row has one. */}
            {editing ? "Cancel" : "Edit"}
            <span className="sr-only"> {editing ? `changes to ${c.name}` : c.name}</span>
          </button>
        )}
        {canEdit && c.oauth && c.hasCredentials && <ConnectButton c={c} run={run} />}
        {canEdit && <DeleteAccountButton account={c} run={run} />}
      </div>
      <SettingsSummary kind={kind} config={c.config} />
      {editing && (
        <KeptForm
          onSend={save}
          onChange={(e) => recheck(e.currentTarget)}
          className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2"
        >
          <label className="text-sm font-medium text-slate-700">Account name<input name="name" defaultValue={c.name} required maxLength={120} className={cn(inputClass, "mt-1")} /></label>
          <label className="text-sm font-medium text-slate-700">Base URL<input name="baseUrl" type="url" defaultValue={c.baseUrl ?? ""} className={cn(inputClass, "mt-1")} /></label>
          <SettingsFields kind={kind} values={c.config} hints={appByKey(c.app)?.configHints} />
          {/* An AI account may have no key (a local model), as on the add form: the API says when one is needed. */}
          <CredentialFields kind={kind} required={moves.length > 0 && kind !== "openai"} />
          {kind === "oauth2_authorization_code" && <RedirectUriNote uri={oauthRedirectUri} />}
          {c.oauth && c.oauth.status !== "not_connected" && <DisconnectWarning />}
          {moves.length > 0 ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800 sm:col-span-2" role="note">
              Enter the credentials again{kind === "openai" ? " (if the account has an API key)" : ""} to send them to a new address: {moves.map(describeDestinationChange).join("; ")}. The stored ones are sent only where they were entered for.
            </p>
          ) : (
            <p className="text-xs text-slate-500 sm:col-span-2">Leave a credential field empty to keep its stored value (change just a password, say).</p>
          )}
          {/* Named with the account as its Cancel is: with several rows open, each Save says whose. */}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass("primary", "sm")}>
              Save<span className="sr-only"> changes to {c.name}</span>
            </button>
          </div>
        </KeptForm>
      )}
    </li>
  );
}
