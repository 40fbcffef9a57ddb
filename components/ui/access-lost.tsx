"use client";
// What a page says when the API refuses a call because the browser session ended (401: signed out
// everywhere, password reset by an owner, cookie gone) or the caller lost the workspace (removed,
// or the client workspace deleted: its routes then answer 404 "workspace not found"). The API's
// own words are for scripts ("send a valid API token (Authorization: Bearer …)"); the editor, the
// resource pages and their dialogs all use these instead, so a person reads the same thing
// everywhere, with a sign-in link that opens a new tab (this one keeps what was typed).
import Link from "next/link";

/** The message of a call refused with 401; ErrorAlert shows it with the sign-in link. */
export const SESSION_ENDED = "your session has ended: sign in again (in a new tab, so nothing here is lost), then try again";

/** The message of a workspace call refused because the caller can no longer see the workspace. */
export const NO_WORKSPACE_ACCESS = "You no longer have access to this workspace. Nothing here can be saved any more.";

/** The message to show for a failed /api/v1 call, from its status and JSON body. */
export function apiFailureMessage(status: number, body: Record<string, unknown>): string {
  return status === 401 ? SESSION_ENDED : String(body.message ?? `request failed (${status})`);
}

/** "sign in again (opens in a new tab)". The new tab lands on a page that says to come back here
 *  (app/signed-in-again/page.tsx): opening this page there would show it without what this tab
 *  holds unsaved. `workflow`: the editor's path, linked from there for a tab that was closed. */
export function SignInAgainLink({ workflow }: { workflow?: string }) {
  const back = `/signed-in-again${workflow ? `?workflow=${encodeURIComponent(workflow)}` : ""}`;
  return (
    <a href={`/signin?callbackUrl=${encodeURIComponent(back)}`} target="_blank" rel="noopener" className="font-medium underline">
      sign in again (opens in a new tab)
    </a>
  );
}

/** A failed action's message as a person reads it: the two messages above with their links,
 *  anything else as it came. */
export function ErrorMessage({ text }: { text: string }) {
  if (text === SESSION_ENDED)
    return (
      <span data-access-lost="session">
        Your session has ended — <SignInAgainLink />, then try again.
      </span>
    );
  if (text === NO_WORKSPACE_ACCESS)
    return (
      <span data-access-lost="workspace">
        {text}{" "}
        <Link href="/workspaces" className="font-medium underline">
          Your workspaces
        </Link>
      </span>
    );
  return <>{text}</>;
}
