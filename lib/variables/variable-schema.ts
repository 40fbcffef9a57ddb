// Shapes of the variables API, shared by the route handlers and the UI form. A key is what
// a step writes after `vars.` or `secrets.` in a reference, so it follows the references' key rule (no dots).
import { z } from "@/lib/z";
import { VALUE_KEY } from "@/lib/workflows/references";

const keyRule = z
  .string()
  .max(128, "a key is at most 128 characters")
  .regex(VALUE_KEY, "a key is a letter or _ followed by letters, digits, _ or - (as written in {{ vars.KEY }})");

/** The key in a variable's URL. "__proto__" fits the rule but could never be read: as a property
 *  name it is the prototype, not a field of `vars` ({{ vars.__proto__ }} said "not defined"). The
 *  issue is at "key", so the 400 names it (`field: "key"`). */
export const variableKeySchema = keyRule.refine((k) => k !== "__proto__", {
  path: ["key"],
  message: '"__proto__" is reserved and cannot be a key: use another key',
});

/** PUT body. A null or absent value means "the key exists, without a value" (the step using it fails until set).
 *  An absent `secret` keeps an existing key's kind (a new key is a plain variable): a script that
 *  only updates a secret's value must not turn it into a variable readable by every viewer.
 *  Strict, like the other write bodies: a misspelt field is a 400 naming it, not dropped. */
export const putVariableSchema = z.strictObject({
  value: z.string().max(65_536).nullable().optional(),
  secret: z.boolean().optional(),
  // The read-only fields of the list's view, so a read can be sent back with a changed value
  // (as a workflow's can). `key` must be the URL's (putVariableBody); the others are ignored,
  // except that `hasValue: true` without a value keeps the stored value (a secret's read, never a
  // value; a plain variable made secret — put-variable.ts).
  key: keyRule.optional(),
  hasValue: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
});
export type PutVariableInput = z.infer<typeof putVariableSchema>;

/** The PUT body for the key in the URL: a `key` sent back from a read must be that key. */
export const putVariableBody = (key: string) =>
  putVariableSchema.refine((b) => b.key === undefined || b.key === key, {
    path: ["key"],
    message: `must be the key in the URL ("${key}"): a PUT does not rename a key (PUT the new key, then DELETE this one)`,
  });

/** How a variable reads back: a secret's value never leaves the server, only whether it has one. */
export type VariableView = { key: string; secret: boolean; hasValue: boolean; value?: string | null; updatedAt: string };
