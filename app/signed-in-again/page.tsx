// Where "sign in again" from a page whose session ended lands (components/ui/access-lost.tsx: the
// editor, and the workspace pages' forms, which link here without a workflow):
// that link opens a new tab, and the edits not saved yet are in the old one. Opening the editor
// here would show the workflow without them, and a save from here would make the old tab's a
// conflict; so this page says to go back, and links to the workflow only for an old tab that is gone.
import type { Metadata } from "next";
import Link from "next/link";
import { requireCurrentUser } from "@/components/auth/current-user";
import { safeCallbackPath } from "@/lib/auth/callback-path";

export const metadata: Metadata = { title: "Signed in again · MSP Flow" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignedInAgainPage({ searchParams }: { searchParams: Search }) {
  await requireCurrentUser();
  const raw = (await searchParams).workflow;
  // A path of this site's workflows only: the page is no redirect to anywhere a link names.
  const path = safeCallbackPath(Array.isArray(raw) ? raw[0] : raw);
  const workflow = path?.startsWith("/w/") ? path : null;
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold">You are signed in again</h1>
        <p className="mt-2 text-sm text-slate-600">
          {raw
            ? "Now go back to your editor tab and save: it still holds the changes that were not saved."
            : "Now go back to your other tab and try again: it still holds what you typed."}{" "}
          You can close this tab.
        </p>
        {workflow && (
          <p className="mt-4 text-sm text-slate-500">
            Closed the editor tab? Its unsaved changes are gone;{" "}
            <Link href={workflow} className="font-medium text-brand-700 hover:underline">
              open the workflow
            </Link>{" "}
            to see it as last saved.
          </p>
        )}
      </div>
    </main>
  );
}
