// The bodies of the routes that look up and forget the ids a workflow's "was already seen" rules
// remember (app/api/v1/workflows/[workflowId]/seen-ids): declared once, for the routes and the
// editor's panel. Client-safe. The id is what the rule's value gave: a text as sent, or a number or
// true/false (42 and "42" are one id, as in the rule: seenKeyText); a list or object as its JSON text.
import { z } from "@/lib/z";

const seenIdValue = z.union([z.string(), z.number(), z.boolean()]);

/** POST …/seen-ids/check: {"value": "alert-42"}. */
export const seenIdCheckInputSchema = z.object({ value: seenIdValue }).strict();

/** DELETE …/seen-ids: {"value": "alert-42"} forgets one id, {"all": true} every one — never a body
 *  that names neither: an empty body forgetting everything would be one slip away from a resend
 *  storm of duplicate tickets. */
export const seenIdForgetInputSchema = z
  .object({ value: seenIdValue.optional(), all: z.boolean().optional() })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.value === undefined) === (b.all !== true)) {
      ctx.addIssue({ code: "custom", path: [], message: 'send {"value": "<the id>"} to forget one id, or {"all": true} to forget every id (not both)' });
    }
  });

export type SeenIdForgetInput = z.infer<typeof seenIdForgetInputSchema>;

/** One remembered id, as listed: the start of its SHA-256 (the id itself is never kept). */
export type SeenIdEntry = { hashPrefix: string; firstSeenAt: string; expiresAt: string; runId: string };

export type SeenIdsView = {
  /** Ids remembered now (their window not over). */
  count: number;
  /** When the oldest and newest of them were first seen. */
  oldestFirstSeenAt: string | null;
  newestFirstSeenAt: string | null;
  /** A page of them, newest first; `nextBefore` asks for the page after (?before=). */
  ids: SeenIdEntry[];
  nextBefore: string | null;
};

export type SeenIdCheck = { remembered: false; hashPrefix: string } | ({ remembered: true } & SeenIdEntry);

export type SeenIdsForgotten = { forgotten: number; count: number };
