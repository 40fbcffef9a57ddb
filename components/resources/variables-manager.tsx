"use client";
// Variables and secrets of a workspace: add a key (its value may stay empty), set a new value,
// empty it (Empty, confirmed: refused while Live workflows read it), switch its kind (Make secret
// keeps the value; Make variable asks for it again — variable-kind-switch.tsx), delete it
// (confirmed; one that workflows read lists them first). A secret's value is write-only: the page
// only ever knows whether one is set, so a deleted or emptied secret cannot be recovered from here.
// A row acts on the key as it is on the server, not as the page last showed it: Set on a plain row
// sends no kind (a colleague's Make secret meanwhile stays, and the page says the value went in
// encrypted), Set on a secret row keeps the value secret whatever happened meanwhile, and
// every row change is refused for a key deleted elsewhere instead of recreating it (variable-put.ts).
// Set on a secret row whose key a colleague made plain while Live or Draft workflows read it as a
// variable is refused (409 variable_in_use): the page says the key is a plain variable now, reloads
// its row, and asks, listing those workflows, whether to store the value as a secret anyway.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { KeyRound } from "lucide-react";
import { apiFetch, ApiCallError, inputClass } from "@/components/resources/api-fetch";
import { DeleteInUseButton } from "@/components/resources/delete-in-use-button";
import { VariableEmptyButton } from "@/components/resources/variable-empty-button";
import { VariableKindSwitch } from "@/components/resources/variable-kind-switch";
import { kindChangedNotice, putExistingVariable } from "@/components/resources/variable-put";
import { WorkflowUsersList, type WorkflowUser } from "@/components/resources/workflow-users-list";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { KeptForm } from "@/components/ui/kept-form";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { useApiAction } from "@/components/ui/use-api-action";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ListFilter } from "@/components/ui/list-filter";
import { matchesFilter, naturalCompare } from "@/lib/list-filter";
import { plural } from "@/lib/plural";
import type { VariableView } from "@/lib/variables/variable-schema";

const KEY_RULE = "A key starts with a letter or _, then letters, digits, _ or - (no spaces or dots), as written in {{ vars.KEY }}.";

export function VariablesManager({ workspaceId, variables, canEdit }: { workspaceId: string; variables: VariableView[]; canEdit: boolean }) {
  const { run, error } = useApiAction();
  // An added or deleted key is said (a polite live region): focus stays in the form, or goes to
  // the next row, and neither says what happened.
  const { announce, region } = useAnnouncer();
  const base = `/api/v1/workspaces/${workspaceId}/variables`;
  const [query, setQuery] = useState("");
  const router = useRouter();
  // A Set whose key changed kind elsewhere meanwhile: said on the page, not only to screen readers.
  const [notice, setNotice] = useState<string | null>(null);
  // A secret row's Set refused because the key is a plain variable now that workflows read (setValue).
  const [madePlain, setMadePlain] = useState<{ v: VariableView; value: string | null; workflows: WorkflowUser[] } | null>(null);
  const putRow = (key: string) => (json: unknown, force = false) => putExistingVariable(`${base}/${encodeURIComponent(key)}`, key, json, force, () => router.refresh());
  // A plain row sends no `secret`: the key keeps the kind it has now (a colleague may have made it
  // a secret since the page loaded; sending the page's would undo that and store the value as plain
  // text). A secret row sends `secret: true`: a value typed where the page shows a secret is never
  // stored as plain text, even if a colleague made the key plain meanwhile (it is made a secret
  // again — audited as such — or refused while workflows read it as a variable).
  async function setValue(v: VariableView, value: string | null, force = false): Promise<boolean> {
    setNotice(null);
    const saved: { variable?: VariableView } = {};
    const ok = await run(async () => {
      try {
        saved.variable = await putRow(v.key)(v.secret ? { value, secret: true } : { value }, force);
      } catch (e) {
        // Made plain elsewhere, and workflows read it as a variable: the API's own words ("…?force=true")
        // fit no page; the row reloads as a variable, and the user picks (the confirmation below).
        if (!(v.secret && e instanceof ApiCallError && e.body.error === "variable_in_use" && Array.isArray(e.body.workflows))) throw e;
        router.refresh();
        setMadePlain({ v, value, workflows: e.body.workflows as WorkflowUser[] });
        throw new Error(`${v.key} is now a plain variable (changed elsewhere); nothing was saved.`);
      }
    });
    if (ok && saved.variable?.secret && !v.secret) {
      const text = kindChangedNotice(v.key);
      setNotice(text);
      announce(text);
    }
    return ok;
  }
  // The API's order is the database's (byte or locale order, undocumented): AUD_10 came before
  // AUD_2. People number keys, so the page counts as they do.
  const sorted = [...variables].sort((a, b) => naturalCompare(a.key, b.key));
  // A secret's value is never matched: the page does not hold it, and a match would hint at it.
  const shown = sorted.filter((v) => matchesFilter(query, v.key, v.secret ? null : v.value));

  // Adds only: an existing key is refused (If-None-Match: *, 412), so the form cannot overwrite a
  // value or turn a secret into a plain variable on show to every viewer; its row changes it.
  // A KeptForm: what was typed stays when refused.
  async function add(form: HTMLFormElement) {
    setNotice(null);
    const data = new FormData(form);
    const key = String(data.get("key") ?? "").trim();
    const value = String(data.get("value") ?? "");
    const ok = await run(() =>
      apiFetch(`${base}/${encodeURIComponent(key)}`, { method: "PUT", headers: { "if-none-match": "*" }, json: { value: value === "" ? null : value, secret: data.get("secret") === "on" } }),
    );
    if (!ok) return;
    form.reset();
    announce(`Saved ${data.get("secret") === "on" ? "secret" : "variable"} ${key}.`);
  }

  return (
    <div className="mt-6 space-y-6">
      {region}
      <ErrorAlert error={error} />
      {madePlain && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setMadePlain(null)}
          title={`${madePlain.v.key} is in use as a variable`}
          description={`${madePlain.v.key} is now a plain variable (changed elsewhere), and ${plural(madePlain.workflows.length, "workflow reads", "workflows read")} it as {{ vars.${madePlain.v.key} }}: those steps fail once it is a secret (Live ones on every run). Keep it a variable (set its value in its row), or store the value as a secret anyway.`}
          details={<WorkflowUsersList workspaceId={workspaceId} users={madePlain.workflows} label="Workflows reading this variable" />}
          confirmLabel="Make secret anyway"
          destructive
          onConfirm={() => {
            const { v, value } = madePlain;
            setMadePlain(null);
            void setValue(v, value, true);
          }}
        />
      )}
      {notice && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {notice}
        </p>
      )}
      {canEdit && (
        <KeptForm
          onSend={add}
          className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
          aria-label="Add a variable or secret"
        >
          <label className="text-sm font-medium text-slate-700">
            Key
            {/* The server's rule (variableKeySchema), in words too: the browser alone only says
                "Please match the requested format." The title is added to that message. */}
            <input
              name="key"
              required
              pattern="[A-Za-z_][A-Za-z0-9_\-]*"
              maxLength={128}
              title={KEY_RULE}
              aria-describedby="variable-key-rule"
              placeholder="GRAPH_TENANT"
              className={cn(inputClass, "mt-1 w-56")}
            />
          </label>
          <label className="min-w-64 flex-1 text-sm font-medium text-slate-700">
            Value <span className="font-normal text-slate-500">(may stay empty)</span>
            <input name="value" className={cn(inputClass, "mt-1")} autoComplete="off" />
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input name="secret" type="checkbox" /> Secret
          </label>
          <button type="submit" className={buttonClass("primary")}>Save</button>
          <p id="variable-key-rule" className="w-full text-xs text-slate-500">
            {KEY_RULE}
          </p>
        </KeptForm>
      )}
      {variables.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">
          No variables or secrets yet. Steps read them as {"{{ vars.KEY }}"} and {"{{ secrets.KEY }}"}.
        </p>
      ) : (
        <div className="space-y-3">
          <ListFilter label="Filter variables" placeholder="Key or value" query={query} onQuery={setQuery} shown={shown.length} total={variables.length} noun={["variable", "variables"]} />
          {shown.length > 0 && (
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Variables and secrets">
              {shown.map((v) => (
                <VariableRow key={v.key} v={v} canEdit={canEdit} onSave={(value) => setValue(v, value)}>
                  {v.hasValue && (
                    <VariableEmptyButton v={v} put={putRow(v.key)} workspaceId={workspaceId} run={run} announce={announce} onEmptied={() => document.getElementById(valueBoxId(v.key))?.focus()} />
                  )}
                  <VariableKindSwitch v={v} put={putRow(v.key)} workspaceId={workspaceId} run={run} announce={announce} />
                  <DeleteInUseButton
                    name={v.key}
                    path={`${base}/${v.key}`}
                    inUseCode={v.secret ? "secret_in_use" : "variable_in_use"}
                    workspaceId={workspaceId}
                    noun={v.secret ? "this secret" : "this variable"}
                    description={v.secret ? "Its value is deleted and cannot be recovered: nobody can read a secret back." : "The key and its value are deleted."}
                    inUseEffect="Their steps fail until the key exists again; Live ones keep accepting deliveries whose runs stop at those steps."
                    run={run}
                    onDeleted={() => announce(`Deleted ${v.key}.`)}
                  />
                </VariableRow>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The id of a row's "New value" box (focus goes there once its value is emptied). */
const valueBoxId = (key: string) => `variable-value-${key}`;

// About four lines fit the value's box (max-h-24); past that, or a long unbroken text, it may scroll.
const mayScroll = (value: string | null | undefined) => !!value && (value.split("\n").length > 4 || value.length > 240);

function VariableRow({ v, canEdit, onSave, children }: { v: VariableView; canEdit: boolean; onSave: (value: string | null) => Promise<boolean>; children: React.ReactNode }) {
  const [draft, setDraft] = useState("");
  // Cleared only once saved: a refused value (too long, say) stays to be corrected, not retyped.
  async function save() {
    if (await onSave(draft === "" ? null : draft)) setDraft("");
  }
  return (
    // Wraps instead of squeezing: the key (with its kind) takes a line of its own on a phone and a
    // 14rem column beside the value on a wide screen, a long key breaking inside it; the value
    // keeps at least 12rem, else it moves under the key; a long one wraps (in a box that scrolls
    // past a few lines) instead of being cut with "…". The row's actions (Empty, the kind switch,
    // Delete) stay together after the value box, or on a line of their own when narrower.
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3" data-testid={`variable-${v.key}`}>
      <span className="flex min-w-0 basis-full items-start gap-2 md:shrink-0 md:basis-56">
        {v.secret && <KeyRound className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" aria-label="secret" />}
        <span className="min-w-0 break-all font-mono text-sm text-slate-900">{v.key}</span>
        <span className="ml-auto shrink-0">{v.secret ? <Badge tone="blue">Secret</Badge> : <Badge>Variable</Badge>}</span>
      </span>
      {v.hasValue ? (
        <span
          className="max-h-24 min-w-48 flex-1 overflow-y-auto whitespace-pre-wrap text-sm text-slate-600 [overflow-wrap:anywhere] focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          title={v.secret ? undefined : (v.value ?? undefined)}
          // A value that may pass its box scrolls; the keyboard reaches it too (arrow keys scroll).
          {...(!v.secret && mayScroll(v.value) ? { tabIndex: 0, role: "region", "aria-label": `Value of ${v.key}` } : {})}
        >
          {v.secret ? "•••••• (set)" : v.value}
        </span>
      ) : (
        <span className="min-w-48 flex-1"><Badge tone="amber">Value missing</Badge></span>
      )}
      {canEdit && (
        <form
          className="flex min-w-0 items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <input
            id={valueBoxId(v.key)}
            aria-label={`New value for ${v.key}`}
            type={v.secret ? "password" : "text"}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={v.hasValue ? "Replace value" : "Fill in value"}
            className={cn(inputClass, "w-40")}
            autoComplete="off"
          />
          <button type="submit" disabled={draft === ""} className={buttonClass("secondary", "sm")}>
            Set<span className="sr-only"> {v.key}</span>
          </button>
        </form>
      )}
      {canEdit && <span className="flex shrink-0 items-center gap-1">{children}</span>}
    </li>
  );
}
