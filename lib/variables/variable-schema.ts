// Shapes of the variables API, shared by the route handlers and the UI form. A key is what
// a step writes after `vars.` or `secrets.` in a reference, so it follows the references' key rule (no dots).
import { z } from "zod";
import { VALUE_KEY } from "@/lib/workflows/references";

export const variableKeySchema = z
  .string()
  .max(128, "a key is at most 128 characters")
  .regex(VALUE_KEY, "a key is a letter or _ followed by letters, digits, _ or - (as written in {{ vars.KEY }})");

/** PUT body. A null or absent value means "the key exists, without a value" (the step using it fails until set). */
export const putVariableSchema = z.object({
  value: z.string().max(65_536).nullable().optional(),
  secret: z.boolean().default(false),
});
export type PutVariableInput = z.infer<typeof putVariableSchema>;

/** How a variable reads back: a secret's value never leaves the server, only whether it has one. */
export type VariableView = { key: string; secret: boolean; hasValue: boolean; value?: string | null; updatedAt: string };
