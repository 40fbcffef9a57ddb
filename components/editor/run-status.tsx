// A run's or step's status as a small labelled dot; colour is never the only signal (text too).
import { cn } from "@/components/ui/cn";

const TONES: Record<string, string> = {
  succeeded: "bg-emerald-500",
  failed: "bg-red-500",
  running: "bg-sky-500 animate-pulse",
  queued: "bg-slate-400",
  waiting: "bg-amber-400",
  stopped: "bg-slate-500",
  skipped: "bg-slate-300",
};

export function RunStatus({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-xs font-medium text-slate-600", className)}>
      <span aria-hidden className={cn("h-2 w-2 rounded-full", TONES[status] ?? "bg-slate-300")} />
      {status}
    </span>
  );
}
