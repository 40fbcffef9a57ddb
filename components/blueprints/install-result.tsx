"use client";
// What installing a blueprint did that the technician must know before going Live: setup values
// that were not used because the workspace already had the variable with another value (never
// overwritten: other workflows may read it), keys the workspace holds as a secret (Go live is
// refused: wrong_kind), apps left without an account (their steps cannot run), and a workflow of
// the same name already in the workspace (the install adds a second one beside it). The form
// shows this instead of opening the editor; with nothing to say it opens the editor at once. It
// replaces the form and its Create button: focus moves to its heading, which a screen reader then
// reads, instead of dropping to the page.
import { useEffect, useRef } from "react";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import type { BlueprintView } from "@/lib/blueprints/blueprint-view";
import type { InstalledConnection, InstalledVariable } from "@/lib/blueprints/install-blueprint";

export type InstallAnswer = { id: string; name: string; blueprint: { connections: InstalledConnection[]; variables: InstalledVariable[]; namesakes: number } };

/** Which of the answer's variables and accounts need the technician; empty lists = nothing to show. */
export function installAttention(answer: InstallAnswer) {
  return {
    kept: answer.blueprint.variables.filter((v) => v.status === "kept" && v.differs),
    wrongKind: answer.blueprint.variables.filter((v) => v.status === "wrong_kind"),
    // An app this setup's variant does not call needs no account.
    noAccount: answer.blueprint.connections.filter((c) => c.connectionId === null && c.steps > 0),
    namesakes: answer.blueprint.namesakes,
  };
}

export function needsAttention(answer: InstallAnswer): boolean {
  const a = installAttention(answer);
  return a.kept.length + a.wrongKind.length + a.noAccount.length + a.namesakes > 0;
}

type Props = {
  answer: InstallAnswer;
  blueprint: BlueprintView;
  workspace: { id: string; name: string };
  setup: Record<string, unknown>;
  /** Apps the technician set to "No account for now" on purpose. */
  noneChosen: ReadonlySet<string>;
};

const quote = (v: unknown) => (typeof v === "string" ? `“${v.trim()}”` : "your value");

export function InstallResult({ answer, blueprint, workspace, setup, noneChosen }: Props) {
  const { kept, wrongKind, noAccount, namesakes } = installAttention(answer);
  const ws = workspace.id;
  const field = (key: string) => {
    const v = blueprint.variables.find((x) => x.key === key);
    const title = v ? ((blueprint.setupSchema as { properties?: Record<string, { title?: string }> }).properties?.[v.setupField]?.title ?? v.setupField) : key;
    return { title, typed: v ? setup[v.setupField] : undefined };
  };
  const appLabel = (key: string) => blueprint.apps.find((a) => a.key === key)?.label ?? key;
  const editor = `/w/${ws}/workflows/${answer.id}`;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="bp-installed" className="mt-6 space-y-5 rounded-xl border border-amber-300 bg-amber-50 p-5">
      <div>
        <h2 id="bp-installed" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          Draft workflow “{answer.name}” created in {workspace.name}: check these before going Live
        </h2>
      </div>

      {namesakes > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">Same name</h3>
          <p className="mt-2 text-sm text-slate-800">
            {namesakes === 1
              ? `A workflow named “${answer.name}” already exists in ${workspace.name}; this is a second one.`
              : `${namesakes} workflows named “${answer.name}” already exist in ${workspace.name}; this is one more.`}{" "}
            The Workflows list shows them under one name: rename this one in the editor if you keep it, or delete it if it was installed twice by mistake.
          </p>
        </div>
      )}

      {(kept.length > 0 || wrongKind.length > 0) && (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">Variables</h3>
          <ul aria-label="Variables that need attention" className="mt-2 list-disc space-y-2 pl-5 text-sm text-slate-800">
            {kept.map((v) => {
              const f = field(v.key);
              return (
                <li key={`kept-${v.key}`}>
                  <strong>{f.title}</strong>: {quote(f.typed)} was not used. {workspace.name} already has the variable <code>{v.key}</code> with another value, and the
                  workflow reads that one; installing never overwrites it, as other workflows may read it. Change it on the Variables page if yours is right.
                </li>
              );
            })}
            {wrongKind.map((v) => (
              <li key={`wrong-${v.key}`}>
                <code>{v.key}</code> is a secret in {workspace.name}, but the workflow reads it as a variable (<code>{`{{ vars.${v.key} }}`}</code>): Go live is refused until
                you switch its kind on the Variables page (“Make variable”, typing its value again: a secret’s value is never shown).
              </li>
            ))}
          </ul>
          <Link href={`/w/${ws}/variables`} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
            Open Variables
          </Link>
        </div>
      )}

      {noAccount.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">Steps without an account</h3>
          <ul aria-label="Apps without an account" className="mt-2 list-disc space-y-2 pl-5 text-sm text-slate-800">
            {noAccount.map((c) => (
              <li key={c.app}>
                <strong>{appLabel(c.app)}</strong>:{" "}
                {noneChosen.has(c.app)
                  ? "no account, as you chose."
                  : c.status === "several"
                    ? `${workspace.name} has several accounts for this app and none was chosen.`
                    : `${workspace.name} has no account for this app yet.`}{" "}
                {c.steps === 1 ? "Its step cannot run until it has one" : `Its ${c.steps} steps cannot run until each has one`}: choose it in the editor (add the account on the
                Connections page first if there is none). Go live is refused until then.
              </li>
            ))}
          </ul>
          <Link href={`/w/${ws}/connections`} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
            Open Connections
          </Link>
        </div>
      )}

      <div className="flex justify-end">
        <Link href={editor} className={buttonClass("primary")}>
          Open the workflow
        </Link>
      </div>
    </section>
  );
}
