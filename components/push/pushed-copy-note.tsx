// The editor's note on a workflow pushed by a provider, under the header where a client's
// technician sees it before changing anything: the provider's next push replaces the copy's steps
// and settings with its own version (the client's review then lists what it replaced), keeping
// only what the client sets itself. Once the provider deleted its workflow no push will come.
import { Info } from "lucide-react";

export function PushedCopyNote({ sourceDeleted }: { sourceDeleted: boolean }) {
  return (
    <div role="note" data-testid="pushed-copy-note" className="flex items-start gap-2 border-t border-sky-200 bg-sky-50 px-4 py-1.5 text-sm text-sky-900">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        {sourceDeleted
          ? "Your provider pushed this workflow and has since deleted its own: no further updates will replace changes you make here."
          : "Your provider pushed this workflow: its next push replaces changes you make here to steps and settings (your account choices, webhook secret and testing data stay). To keep a change, ask your provider to make it in theirs."}
      </p>
    </div>
  );
}
