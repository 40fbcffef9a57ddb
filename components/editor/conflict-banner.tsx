"use client";
// Shown when someone else saved this workflow after we loaded it: take theirs or keep ours.
import { useEditor } from "@/components/editor/editor-context";
import { buttonClass } from "@/components/ui/button";

export function ConflictBanner() {
  const { doc } = useEditor();
  if (doc.save.kind !== "conflict") return null;
  return (
    <div role="alert" className="flex items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <span className="flex-1">Someone else saved this workflow while you were editing. Your latest changes are not saved.</span>
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void doc.reload()}>
        Load their version
      </button>
      <button type="button" className={buttonClass("primary", "sm", "bg-red-600 hover:bg-red-700")} onClick={() => void doc.overwrite()}>
        Keep mine
      </button>
    </div>
  );
}
