// Why a workspace page shows no add, change or delete controls: the reader's role there does not
// allow them. Said once under the page's header — hidden controls alone left a viewer (or, on the
// Members and Clients pages, an editor) looking for a button that is not there — in the words the
// editor's "View only · your role here is viewer" badge and the client review's note use.
type Props = { role: "owner" | "editor" | "viewer"; needs: "editor" | "owner"; workspaceName: string; what: string };

export function ViewOnlyNote({ role, needs, workspaceName, what }: Props) {
  if (role === "owner" || (needs === "editor" && role === "editor")) return null;
  return (
    <p role="note" data-testid="view-only-note" className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 wrap-anywhere">
      View only · your role here is {role}: {needs === "owner" ? "an owner" : "an editor or owner"} of {workspaceName} {what}.
    </p>
  );
}
