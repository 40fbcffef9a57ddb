"use client";
// Emptying a row's value (PUT {"value": null}, without "secret": a kind changed elsewhere stays;
// If-Match: *, so a key deleted elsewhere is not recreated — variable-put.ts):
// the key stays, without a value, and steps that read it fail ("value missing") until one is set.
// Confirmed first — a secret's value cannot be recovered —; the API refuses it while Live
// workflows read the key (409, their runs would fail), and the confirmation then names them and
// offers to empty it anyway. Done, focus goes to the row's value box (this button has gone with
// the value).
import { VariableChangeButton } from "@/components/resources/variable-change-button";
import type { PutRow } from "@/components/resources/variable-put";
import { plural } from "@/lib/plural";
import type { VariableView } from "@/lib/variables/variable-schema";

type Props = { v: VariableView; put: PutRow; workspaceId: string; run: (fn: () => Promise<unknown>) => Promise<boolean>; announce: (message: string) => void; onEmptied: () => void };

export function VariableEmptyButton({ v, put, workspaceId, run, announce, onEmptied }: Props) {
  const noun = v.secret ? "secret" : "variable";
  return (
    <VariableChangeButton
      label="Empty"
      srLabel={`the value of ${v.key}`}
      title={`Empty the value of ${v.key}?`}
      description={`The key stays, without a value${v.secret ? "; the secret's value is deleted and cannot be recovered" : ""}. Steps that read it fail ("value missing") until a value is set.`}
      confirmLabel="Empty value"
      inUseCode={`${noun}_in_use`}
      inUse={{
        title: `Live workflows read ${v.key}`,
        description: (ws) => `${plural(ws.length, "Live workflow reads", "Live workflows read")} this ${noun}: ${ws.length === 1 ? "its" : "their"} runs would fail on the missing value. Set another value, or switch ${ws.length === 1 ? "it" : "them"} to Draft first.`,
        listLabel: `Live workflows reading this ${noun}`,
        confirmLabel: "Empty anyway",
      }}
      workspaceId={workspaceId}
      change={(force) => put({ value: null }, force)}
      run={run}
      onDone={() => {
        announce(`Emptied the value of ${v.key}.`);
        onEmptied();
      }}
    />
  );
}
