"use client";
// The setup form of one blueprint: target workspace, workflow name, an account per app (from
// that workspace's app connections), and the client-specific setup fields. Submitting
// installs the blueprint through the API and opens the new Draft workflow in the editor — or,
// when the install left something to the technician (a setup value not used, a key of the wrong
// kind, an app without an account), shows that first (install-result.tsx).
//
// With several accounts for an app the technician must pick one (or "No account for now"): the
// first option used to read "Choose an account…" and, left alone, installed steps without any.
//
// A refused submit names every field at once, by its label (setup-errors.ts): at the field, tied
// to it for screen readers, and in a summary whose links lead to the fields; focus moves to the
// first. What was typed stays.
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import type { BlueprintView } from "@/lib/blueprints/blueprint-view";
import { plural } from "@/lib/plural";
import { InstallResult, needsAttention, type InstallAnswer } from "./install-result";
import { defaultsOf, ObjectFields, type JsonSchema } from "./schema-field";
import { checkSetup, fieldId, inWords, setupLabel } from "./setup-errors";
import { setupToSend } from "./table-rows";

type Workspace = { id: string; name: string; kind: "provider" | "client" };
type Connection = { id: string; app: string; name: string };
type ApiError = { message?: string; field?: string; issues?: { field?: string; path?: string; message: string }[] };

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500";

// Select values: "" = pick automatically (the workspace's only account), "-" = none for now.
const AUTO = "";
const NONE = "-";

function FieldError({ path, text }: { path: string; text: string | undefined }) {
  return text ? (
    <p id={`${fieldId(path)}-error`} className="mt-1 text-xs font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

/** Focuses a field, or the first input of a group (a fieldset cannot take focus itself). */
function focusField(el: Element | null): boolean {
  const target = el?.matches("input, select, textarea, button") ? el : el?.querySelector("input, select, textarea, button");
  if (!(target instanceof HTMLElement)) return false;
  target.focus();
  return true;
}

export function BlueprintSetupForm({ blueprint, workspaces, defaultWorkspaceId }: { blueprint: BlueprintView; workspaces: Workspace[]; defaultWorkspaceId: string }) {
  const router = useRouter();
  const schema = blueprint.setupSchema as JsonSchema;
  const [workspaceId, setWorkspaceId] = useState(defaultWorkspaceId);
  const [name, setName] = useState("");
  const [setup, setSetup] = useState<Record<string, unknown>>(() => (defaultsOf(schema) ?? {}) as Record<string, unknown>);
  const [formKey, setFormKey] = useState(0);
  // Accounts of the workspace they were loaded for; null while the chosen one's are loading.
  const [loaded, setLoaded] = useState<{ workspaceId: string; list: Connection[] } | null>(null);
  const connections = loaded?.workspaceId === workspaceId ? loaded.list : null;
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped by a refused submit: once its messages are drawn, focus goes to the first field named.
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [installed, setInstalled] = useState<{ answer: InstallAnswer; setup: Record<string, unknown>; noneChosen: Set<string> } | null>(null);

  useEffect(() => {
    let live = true;
    fetch(`/api/v1/workspaces/${workspaceId}/connections`, { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : { connections: [] }))
      .then((d: { connections?: Connection[] }) => live && setLoaded({ workspaceId, list: d.connections ?? [] }))
      .catch(() => live && setLoaded({ workspaceId, list: [] }));
    return () => {
      live = false;
    };
  }, [workspaceId]);

  useEffect(() => {
    if (refused === 0) return;
    if (!focusField(formRef.current?.querySelector("[data-invalid]") ?? null)) summaryRef.current?.focus();
  }, [refused]);

  const appLabel = (key: string) => blueprint.apps.find((a) => a.key === key)?.label ?? key;
  // The API names fields by path (setup.domain, connections.psa, name); people know them by label.
  const labelOf = (path: string) => (path === "name" ? "Workflow name" : path.startsWith("connections.") ? appLabel(path.slice("connections.".length)) : setupLabel(schema, path, setup));
  const worded = Object.fromEntries(Object.entries(errors).map(([path, m]) => [path, inWords(labelOf(path), m)]));

  // Editing a field clears its error (and errors inside it); other errors stay until the next submit.
  function changeSetup(next: Record<string, unknown>) {
    const at = (root: unknown, field: string) => field.split(".").slice(1).reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), root);
    setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([f]) => !f.startsWith("setup") || JSON.stringify(at(setup, f)) === JSON.stringify(at(next, f)))));
    setSetup(next);
  }

  function fillExample() {
    setSetup({ ...((defaultsOf(schema) ?? {}) as Record<string, unknown>), ...structuredClone(blueprint.exampleSetup as Record<string, unknown>) });
    setFormKey((k) => k + 1); // remount, so list inputs show the new values
  }

  function refuse(byField: Record<string, string>, text: string | null = null) {
    setErrors(byField);
    setMessage(text);
    setRefused((n) => n + 1);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    // Everything the form can tell by itself is named together, before anything is sent.
    const unchosen = blueprint.apps.filter((app) => (connections ?? []).filter((c) => c.app === app.key).length > 1 && (chosen[app.key] ?? AUTO) === AUTO);
    const found = {
      ...Object.fromEntries(unchosen.map((app) => [`connections.${app.key}`, "needs a choice: this workspace has several accounts; choose the one its steps use, or “No account for now”"])),
      ...checkSetup(schema, setup, "setup", true),
    };
    if (Object.keys(found).length > 0) return refuse(found);
    setBusy(true);
    // A name → value table is held as rows (table-rows.ts); the API takes it as an object.
    const sent = setupToSend(schema, setup) as Record<string, unknown>;
    const picked = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== AUTO).map(([app, v]) => [app, v === NONE ? null : v]));
    try {
      const res = await fetch(`/api/v1/workspaces/${workspaceId}/blueprints/${blueprint.slug}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ setup: sent, connections: picked, ...(name.trim() ? { name: name.trim() } : {}) }),
      });
      const body = (await res.json().catch(() => ({}))) as ApiError & Partial<InstallAnswer>;
      if (!res.ok) {
        const byField: Record<string, string> = {};
        for (const i of body.issues ?? []) {
          const at = i.path ?? i.field; // `path`, as every 400 names a field; `field` from an older server
          if (at && !byField[at]) byField[at] = i.message;
        }
        if (body.field && !byField[body.field]) byField[body.field] = body.message?.replace(/^[^:]+: /, "") ?? "is not valid";
        // Field problems are listed by label; only an answer about no field is shown as it came.
        return refuse(byField, Object.keys(byField).length ? null : (body.message ?? `could not install the blueprint (${res.status})`));
      }
      const answer = body as InstallAnswer;
      if (answer.blueprint && needsAttention(answer)) {
        setInstalled({ answer, setup: sent, noneChosen: new Set(Object.keys(picked).filter((app) => picked[app] === null)) });
        window.scrollTo(0, 0);
        return;
      }
      router.push(`/w/${workspaceId}/workflows/${answer.id}`);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function clearError(path: string) {
    setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([f]) => f !== path)));
  }
  // The workspace, name and account fields; the setup fields do the same in schema-field.tsx.
  const invalid = (path: string) => ({ "aria-invalid": errors[path] ? true : undefined, "aria-describedby": errors[path] ? `${fieldId(path)}-error` : undefined, "data-invalid": errors[path] ? "" : undefined });
  const problems = Object.entries(worded);

  if (installed) {
    const workspace = workspaces.find((w) => w.id === workspaceId) ?? { id: workspaceId, name: "this workspace" };
    return <InstallResult answer={installed.answer} blueprint={blueprint} workspace={workspace} setup={installed.setup} noneChosen={installed.noneChosen} />;
  }

  return (
    <form ref={formRef} onSubmit={submit} className="mt-6 space-y-6" aria-label={`Set up ${blueprint.title}`} noValidate>
      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-base font-semibold">Where</h2>
        <div>
          <label htmlFor="bp-workspace" className="block text-sm font-medium text-slate-700">
            Install into workspace
          </label>
          <select id="bp-workspace" className={inputClass} value={workspaceId} onChange={(e) => (setWorkspaceId(e.target.value), setChosen({}))}>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name} ({w.kind})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={fieldId("name")} className="block text-sm font-medium text-slate-700">
            Workflow name
          </label>
          <input id={fieldId("name")} {...invalid("name")} className={inputClass} value={name} maxLength={200} placeholder={blueprint.title} onChange={(e) => (setName(e.target.value), clearError("name"))} />
          <FieldError path="name" text={worded.name} />
        </div>
      </section>

      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-base font-semibold">App accounts</h2>
        <p className="text-xs text-slate-500">Each step that calls an app uses the account chosen here; you can change it per step in the editor later.</p>
        {blueprint.apps.map((app) => {
          const mine = (connections ?? []).filter((c) => c.app === app.key);
          const auto = mine.length === 1 ? `Automatic: ${mine[0].name}` : mine.length === 0 ? "None yet — add an account later" : "Choose an account…";
          const path = `connections.${app.key}`;
          return (
            <div key={app.key}>
              <label htmlFor={fieldId(path)} className="block text-sm font-medium text-slate-700">
                {app.label}
              </label>
              <select id={fieldId(path)} {...invalid(path)} className={inputClass} disabled={connections === null} value={chosen[app.key] ?? AUTO} onChange={(e) => (setChosen({ ...chosen, [app.key]: e.target.value }), clearError(path))}>
                <option value={AUTO}>{connections === null ? "Loading…" : auto}</option>
                {mine.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
                {mine.length > 0 && <option value={NONE}>No account for now</option>}
              </select>
              <FieldError path={path} text={worded[path]} />
            </div>
          );
        })}
      </section>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold">Client setup</h2>
          <button type="button" className={buttonClass("ghost", "sm")} onClick={fillExample}>
            Fill in the example (Contoso Dental)
          </button>
        </div>
        <div key={formKey} className="space-y-4">
          <ObjectFields schema={schema} value={setup} onChange={changeSetup} path="setup" errors={worded} placeholder={blueprint.exampleSetup} />
        </div>
      </section>

      {(message || problems.length > 0) && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 focus:outline-none">
          {message && <p>{message}</p>}
          {problems.length > 0 && (
            <>
              <p className="font-medium">{plural(problems.length, "field needs", "fields need")} attention before the workflow can be created:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {problems.map(([path, text]) => (
                  <li key={path}>
                    <a href={`#${fieldId(path)}`} className="underline hover:text-red-900" onClick={(e) => focusField(document.getElementById(fieldId(path))) && e.preventDefault()}>
                      {text}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Creating…" : "Create Draft workflow"}
        </button>
      </div>
    </form>
  );
}
