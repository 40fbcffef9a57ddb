"use client";
// A secret the server shows exactly once (a new API token, a temporary password): what it is,
// the value selectable in a read-only field, and Copy. A browser that gives the page no clipboard
// (a page served over plain http from another machine is not a secure context) or refuses the
// write: Copy says so and selects the value to copy by hand — it did nothing, and a user who took
// it for copied left the page without the secret, which is not shown again.
import { useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { copyOrSelect, copyRefusedText } from "@/components/ui/copy-or-select";

export function OneTimeSecret({ message, value, label, noun = "text" }: { message: React.ReactNode; value: string; label: string; /** "token": "the token is selected". */ noun?: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => setCopied(await copyOrSelect(value, field.current));
  return (
    <div role="status" className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">{message}</p>
      <div className="flex items-center gap-2">
        <input ref={field} readOnly value={value} aria-label={label} onFocus={(e) => e.currentTarget.select()} className={cn(inputClass, "font-mono text-xs")} />
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />} {copied ? "Copied" : "Copy"}
        </button>
      </div>
      {copied === false && <p className="text-sm text-amber-800">{copyRefusedText(noun)}</p>}
    </div>
  );
}
