"use client";
// A row's kind switch: a plain variable made secret keeps its value (the API encrypts the stored
// one: PUT {"secret": true, "hasValue": true} sends none, so a value changed elsewhere since the
// page loaded is not overwritten by the one shown; If-Match: *, so a key deleted elsewhere is not
// brought back as an empty secret — variable-put.ts) and it is never shown again; a secret made
// plain asks for its value again, since a secret's is never read back. Steps read the key the new
// way from then on, so the API refuses the switch while workflows read it the old way (409, as a
// delete) and the confirmation lists them — the fix for Go live's "K is a secret in this workspace
// but the workflow reads it as a variable" without deleting the key.
import { useState } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { VariableChangeButton } from "@/components/resources/variable-change-button";
import type { PutRow } from "@/components/resources/variable-put";
import { cn } from "@/components/ui/cn";
import { plural } from "@/lib/plural";
import type { VariableView } from "@/lib/variables/variable-schema";

type Props = { v: VariableView; put: PutRow; workspaceId: string; run: (fn: () => Promise<unknown>) => Promise<boolean>; announce: (message: string) => void };

export function VariableKindSwitch({ v, put, workspaceId, run, announce }: Props) {
  const [value, setValue] = useState("");
  const toSecret = !v.secret;
  const [oldRead, newRead] = toSecret ? [`{{ vars.${v.key} }}`, `{{ secrets.${v.key} }}`] : [`{{ secrets.${v.key} }}`, `{{ vars.${v.key} }}`];
  const noun = toSecret ? "variable" : "secret";
  // A secret without a value may stay so; one with a value is asked for it (not emptied unawares).
  const needsValue = !toSecret && v.hasValue && value === "";
  return (
    <VariableChangeButton
      label={toSecret ? "Make secret" : "Make variable"}
      srLabel={v.key}
      title={toSecret ? `Make ${v.key} a secret?` : `Make ${v.key} a plain variable?`}
      description={
        toSecret
          ? `${v.hasValue ? "Its value is kept, encrypted, and never shown again — not here, not through the API." : "It has no value yet; one set later is encrypted and never shown."} Steps then read it as ${newRead} (Code steps cannot read secrets).`
          : `A secret's value is never shown, so type it again${v.hasValue ? "" : " (or leave it empty)"}: as a plain variable it is shown to everyone in this workspace. Steps then read it as ${newRead}.`
      }
      fields={
        toSecret ? undefined : (
          <label className="block font-medium text-slate-700">
            Value of {v.key} as a plain variable
            <input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" className={cn(inputClass, "mt-1")} />
          </label>
        )
      }
      confirmLabel={toSecret ? "Make secret" : "Make variable"}
      notReady={needsValue ? "Type its value first" : undefined}
      inUseCode={`${noun}_in_use`}
      inUse={{
        title: `${v.key} is in use as a ${noun}`,
        description: (ws) => `${plural(ws.length, "workflow reads", "workflows read")} it as ${oldRead}: those steps fail once it is a ${toSecret ? "secret" : "variable"} (Live ones on every run). Change those steps first, or switch it anyway.`,
        listLabel: `Workflows reading this ${noun}`,
        confirmLabel: toSecret ? "Make secret anyway" : "Make variable anyway",
      }}
      workspaceId={workspaceId}
      // Left empty, it says the page saw no value (`hasValue: false`): one a colleague set since is
      // refused (412 variable_changed — variable-put.ts), not destroyed by this plain copy.
      change={(force) => put(toSecret ? { secret: true, hasValue: true } : value === "" ? { secret: false, value: null, hasValue: false } : { secret: false, value }, force)}
      run={run}
      onOpen={() => setValue("")}
      onDone={() => {
        setValue("");
        announce(toSecret ? `${v.key} is now a secret.` : `${v.key} is now a plain variable.`);
      }}
    />
  );
}
