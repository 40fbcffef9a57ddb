"use client";
// A secret the server shows exactly once (a new API token, a temporary password): what it is,
// the value selectable in a read-only field, and Copy.
import { useState } from "react";
import { Check, Copy } from "lucide-react";
import { inputClass } from "@/components/resources/api-fetch";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

export function OneTimeSecret({ message, value, label }: { message: React.ReactNode; value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">{message}</p>
      <div className="flex items-center gap-2">
        <input readOnly value={value} aria-label={label} onFocus={(e) => e.currentTarget.select()} className={cn(inputClass, "font-mono text-xs")} />
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />} {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
