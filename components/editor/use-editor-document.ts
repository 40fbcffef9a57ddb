"use client";
// The workflow being edited: the local document (undo/redo), autosave (debounced PUT with the
// version we last saw) and conflict detection. The server copy (react-query) is the source of
// mode, URL and version; the local document is the source of name and steps while editing.
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ApiError, keys, useWorkflowQuery } from "@/components/editor/api";
import { useAccountIds } from "@/components/editor/use-account-ids";
import { lostOf, LOST_REASON, useWorkspaceRole, workspacesKey, type Lost } from "@/components/editor/use-workspace-role";
import type { WorkflowView } from "@/lib/editor/api-types";
import { blockingProblems, checkSteps, type StepProblem } from "@/lib/editor/check-steps";
import { editorReducer, initialEditorState, type Doc } from "@/lib/editor/editor-state";
import { isTransientSaveFailure, retryDelayMs, UNREACHABLE } from "@/lib/editor/save-retry";
import { sameJson } from "@/lib/editor/same-json";
import type { EditorStep } from "@/lib/editor/step-ops";

export type SaveState =
  | { kind: "saved" }
  | { kind: "pending" }
  | { kind: "saving" }
  /** `live`: the problems are unfinished steps, which only a Draft saves. */
  | { kind: "invalid"; problems: StepProblem[]; live: boolean }
  /** `sessionEnded`: refused because the browser session ended (the header offers sign-in).
   *  `retryAt`: no answer or a passing server trouble: saved again by itself then (epoch ms). */
  | { kind: "error"; message: string; sessionEnded?: boolean; retryAt?: number }
  /** `saver`: who saved `theirVersion` and when, as the server says (null: not known). */
  | { kind: "conflict"; theirVersion: number; saver?: Saver };

/** Who saved a version and when (the workflow's `savedBy` / `savedAt`, or a 409's); `pushedFrom`:
 *  the provider workspace whose push made it (a client's copy). */
export type Saver = { savedBy: { name: string; email: string } | null; savedAt: string | null; pushedFrom?: string };

// A 409's body or a workflow read says who saved its version; anything else there is not trusted.
const saverOf = (v: { savedBy?: unknown; savedAt?: unknown; pushedFrom?: unknown }): Saver | undefined => {
  const by = v.savedBy as { name?: unknown; email?: unknown } | null | undefined;
  const savedBy = by && typeof by.name === "string" && typeof by.email === "string" ? { name: by.name, email: by.email } : null;
  const savedAt = typeof v.savedAt === "string" ? v.savedAt : null;
  const pushed = typeof v.pushedFrom === "string" ? { pushedFrom: v.pushedFrom } : {};
  return savedBy || savedAt ? { savedBy, savedAt, ...pushed } : undefined;
};

export const AUTOSAVE_DELAY_MS = 800;

/** Why this editor can no longer change the workflow, noticed by its polls (or a refused save):
 *  shared with the Push page and the client review (use-workspace-role.ts). */
export { LOST_REASON, type Lost };

/** What an action refused for a newer save (and a save held back by one) says. Another tab of
 *  the same person is as likely as a colleague: the words fit both. */
export const SAVED_ELSEWHERE = "this workflow was saved elsewhere meanwhile (in another tab or by someone else): load that version or keep yours first";

/** Whether the document as it stands is on the server; if not, why not (in words). */
export type SaveOutcome = { ok: true } | { ok: false; message: string };

const docOf = (w: WorkflowView): Doc => ({
  name: w.name,
  steps: w.steps.map(({ id, kind, name, config }): EditorStep => ({ id, kind, name, config })),
});

// A save whose answer was lost (the connection dropped after the server had stored it) is
// refused when sent again, its version now being the server's previous one. That is no conflict
// when the server holds what we sent: its copy is taken as this save's answer. Anything else
// (someone else's save, or ours changed on the way) stays the refusal.
async function ifOursLanded(workflowId: string, doc: Doc, e: unknown): Promise<WorkflowView> {
  if (!(e instanceof ApiError && e.code === "version_conflict")) throw e;
  const current = await api<WorkflowView>(`/api/v1/workflows/${workflowId}`).catch(() => null);
  if (current && sameJson(docOf(current), { name: doc.name, steps: doc.steps })) return current;
  throw e;
}

/** Call once the workflow has loaded (`initial`); the query keeps refreshing the server copy. */
export function useEditorDocument(workflowId: string, initial: WorkflowView) {
  const qc = useQueryClient();
  const query = useWorkflowQuery(workflowId);
  const [state, dispatch] = useReducer(editorReducer, docOf(initial), initialEditorState);
  const [save, setSave] = useState<SaveState>({ kind: "saved" });
  const [savedRev, setSavedRev] = useState(0);
  const version = useRef(initial.version);
  const savedRevision = useRef(0);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const saveKind = useRef<SaveState["kind"]>("saved");
  /** Failed saves in a row that are retried by themselves (the backoff grows with them). */
  const failures = useRef(0);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
    saveKind.current = save.kind;
  });
  const markSaved = useCallback((rev: number) => {
    savedRevision.current = rev;
    setSavedRev(rev);
  }, []);

  // A poll of the workflow sent before a write and answered after it would put the older copy back
  // (a rotated URL gone, Live shown as Draft) until the next poll: it is dropped for the write's.
  const putServer = useCallback(
    (w: WorkflowView) => {
      void qc.cancelQueries({ queryKey: keys.workflow(workflowId), exact: true });
      qc.setQueryData(keys.workflow(workflowId), w);
    },
    [qc, workflowId],
  );

  // A step on a deleted account is unfinished too (the workflow's own workspace's accounts).
  const accounts = useAccountIds(initial.workspaceId);
  const latestAccounts = useRef(accounts);
  useLayoutEffect(() => {
    latestAccounts.current = accounts;
  });
  // Checked a render behind while typing (what the header and the canvas warn of, not the text):
  // the whole workflow's check on each keystroke delayed the character. A save checks its own copy.
  const checkedSteps = useDeferredValue(state.steps);
  const problems = useMemo(() => checkSteps(checkedSteps, accounts), [checkedSteps, accounts]);
  const dirty = state.revision !== savedRev;

  // Later server copies: someone else's newer save is taken as-is when we have nothing
  // unsaved (and undo history starts again from it: see "theirs"), and is a conflict when we do.
  const server = query.data ?? initial;
  useEffect(() => {
    if (server.version > version.current && !inFlight.current) {
      const mine = latest.current;
      // Already in conflict (an action refused for a newer save): the user chooses; Keep mine
      // then saves over the newest version.
      if (saveKind.current === "conflict") setSave({ kind: "conflict", theirVersion: server.version, saver: saverOf(server) });
      else if (mine.revision === savedRevision.current) {
        version.current = server.version;
        dispatch({ type: "theirs", doc: docOf(server) });
      } else if (sameJson(docOf(server), { name: mine.name, steps: mine.steps })) {
        // What we have unsaved is already there: a save of ours whose answer was lost.
        version.current = server.version;
        markSaved(mine.revision);
        setSave({ kind: "saved" });
      } else setSave({ kind: "conflict", theirVersion: server.version, saver: saverOf(server) });
    }
  }, [server, markSaved]);

  // The poll's 404 is a workflow deleted, or a workspace the caller was removed from; a viewer
  // role is read-only (lostOf).
  const role = useWorkspaceRole(initial.workspaceId);
  const lost: Lost | null = lostOf(role, query.error);
  const lostNow = useRef(lost);
  useLayoutEffect(() => {
    lostNow.current = lost;
  });

  // Saves the document as it stands and says whether it is now on the server. A save already
  // under way is waited for first (an edit made meanwhile is then saved too), so callers that
  // act on the server's copy — Run step, Go live — act on what the user sees, or are told why not.
  const saveNow = useCallback(
    async (opts: { force?: boolean; keepalive?: boolean } = {}): Promise<SaveOutcome> => {
      while (inFlight.current) await inFlight.current.catch(() => {});
      const doc = latest.current;
      if (lostNow.current) return { ok: false, message: LOST_REASON[lostNow.current] };
      if (saveKind.current === "conflict" && !opts.force) return { ok: false, message: SAVED_ELSEWHERE };
      if (!opts.force && doc.revision === savedRevision.current) return { ok: true };
      // A Draft saves unfinished steps; a Live workflow only finished ones (the server says 409).
      const live = (qc.getQueryData<WorkflowView>(keys.workflow(workflowId)) ?? initial).mode === "live";
      const found = blockingProblems(checkSteps(doc.steps, latestAccounts.current), live);
      if (found.length) {
        setSave({ kind: "invalid", problems: found, live });
        return { ok: false, message: "the workflow has changes that cannot be saved yet (see the header)" };
      }
      setSave({ kind: "saving" });
      const request = api<WorkflowView>(`/api/v1/workflows/${workflowId}`, {
        method: "PUT",
        body: { name: doc.name, steps: doc.steps, version: version.current },
        keepalive: opts.keepalive,
      });
      inFlight.current = request;
      try {
        const saved = await request.catch((e: unknown) => ifOursLanded(workflowId, doc, e));
        failures.current = 0;
        version.current = saved.version;
        markSaved(doc.revision);
        putServer(saved);
        // Take the server's normalised copy (defaults filled in, secret shown as set) only when
        // nothing was typed meanwhile; otherwise the newer local edit wins and saves next.
        if (latest.current.revision === doc.revision) dispatch({ type: "server", doc: docOf(saved) });
        setSave({ kind: latest.current.revision === doc.revision ? "saved" : "pending" });
        return { ok: true };
      } catch (e) {
        if (e instanceof ApiError && e.code === "version_conflict") {
          setSave({ kind: "conflict", theirVersion: Number(e.body.currentVersion ?? version.current + 1), saver: saverOf(e.body) });
          saveKind.current = "conflict";
          return { ok: false, message: SAVED_ELSEWHERE };
        }
        const status = e instanceof ApiError ? e.status : null;
        // Refused for who the caller now is (403, 404) or for what the workflow now is (409: a
        // colleague took it Live, which saves finished steps only): read both again at once rather
        // than showing Draft, or editing on, until the next poll.
        if (status === 403 || status === 404 || status === 409) {
          void qc.invalidateQueries({ queryKey: keys.workflow(workflowId), exact: true });
          void qc.invalidateQueries({ queryKey: workspacesKey });
        }
        // No answer at all (fetch's "Failed to fetch") is said in words, and like a passing server
        // trouble it is retried with a growing delay; a refusal waits for the user.
        const message = status === null ? UNREACHABLE : e instanceof Error ? e.message : String(e);
        const retryAt = isTransientSaveFailure(status) ? Date.now() + retryDelayMs(failures.current++) : undefined;
        setSave({ kind: "error", message, sessionEnded: status === 401, retryAt });
        return { ok: false, message: `your changes could not be saved: ${message}` };
      } finally {
        inFlight.current = null;
      }
    },
    [qc, workflowId, markSaved, initial, putServer],
  );

  // Debounced autosave after each edit, again when the mode changes (back in Draft, edits held
  // back for an unfinished step save), and again when a save ends with newer edits unsaved
  // (typed while it was under way: savedRev moves, the document is still dirty).
  const blocked = save.kind === "conflict" || lost !== null;
  const live = server.mode === "live";
  useEffect(() => {
    if (!dirty || blocked) return;
    const t = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [state.revision, savedRev, dirty, blocked, saveNow, live]);

  // A save that got no answer is sent again by itself: when its backoff ends, or as soon as the
  // browser says it is back online. (An edit meanwhile saves through the debounce above.)
  const retryAt = save.kind === "error" ? save.retryAt : undefined;
  useEffect(() => {
    if (retryAt === undefined) return;
    const retry = () => void saveNow();
    const t = setTimeout(retry, Math.max(0, retryAt - Date.now()));
    window.addEventListener("online", retry);
    return () => {
      clearTimeout(t);
      window.removeEventListener("online", retry);
    };
  }, [retryAt, saveNow]);

  // Leaving the editor inside the app (a link, Back) unmounts it before the debounce fires: the
  // edits of the last moments are sent then. The page's JavaScript lives on, so the request
  // completes; closing the tab is what beforeunload (below) asks about.
  const saveOnLeave = useRef(saveNow);
  useLayoutEffect(() => {
    saveOnLeave.current = saveNow;
  }, [saveNow]);
  useEffect(() => () => void saveOnLeave.current(), []);
  // Leaving the document itself (Back to a page loaded on its own, a typed address, closing the
  // tab once beforeunload's question is answered Leave) never unmounts it: the edits of the last
  // moments are sent as the page goes, in a request that outlives it (keepalive).
  useEffect(() => {
    const flush = () => void saveOnLeave.current({ keepalive: true });
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);

  /** Keep mine: save over their version. */
  const overwrite = useCallback(async () => {
    if (save.kind !== "conflict") return;
    version.current = save.theirVersion;
    setSave({ kind: "pending" });
    await saveNow({ force: true });
  }, [save, saveNow]);

  /** Take theirs: drop local edits and load the server copy. */
  const reload = useCallback(async () => {
    const fresh = await api<WorkflowView>(`/api/v1/workflows/${workflowId}`);
    putServer(fresh);
    version.current = fresh.version;
    dispatch({ type: "load", doc: docOf(fresh) });
    markSaved(latest.current.revision);
    setSave({ kind: "saved" });
  }, [workflowId, markSaved, putServer]);

  /** Mode changes and URL rotation answer with the workflow. Its version is never taken as ours
   *  here: one we have not seen is someone else's save, which the effect above loads (nothing
   *  unsaved) or shows as a conflict — taking its number alone made the next autosave store our
   *  steps over theirs, deleting what they added. */
  const acceptServer = useCallback((w: WorkflowView) => putServer(w), [putServer]);

  /** An action refused because the workflow was saved since the version we show (409
   *  workflow_changed, its body given): the conflict banner, whether or not anything here is unsaved. */
  const savedElsewhere = useCallback((refusal: { currentVersion?: unknown; savedBy?: unknown; savedAt?: unknown }) => {
    const theirVersion = Number(refusal.currentVersion);
    saveKind.current = "conflict";
    setSave({ kind: "conflict", theirVersion: Number.isFinite(theirVersion) ? Math.max(theirVersion, version.current + 1) : version.current + 1, saver: saverOf(refusal) });
  }, []);

  /** The version the editor shows (what Run step, Go live, Unpublish and Generate a new URL tell
   *  the server they act on). */
  const seenVersion = useCallback(() => version.current, []);

  /** Waits for a save under way, which moves the version shown, without saving anything itself:
   *  Unpublish and Generate a new URL act on the version the user sees, not on edits still unsaved. */
  const settled = useCallback(async () => {
    while (inFlight.current) await inFlight.current.catch(() => {});
  }, []);

  // Leaving with unsaved edits asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current.revision !== savedRevision.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  const effective: SaveState = save.kind === "saved" && dirty ? { kind: "pending" } : save;
  return { query, server, state, dispatch, save: effective, problems, saveNow, overwrite, reload, acceptServer, savedElsewhere, seenVersion, settled, lost, dirty };
}

export type EditorDocument = ReturnType<typeof useEditorDocument>;
