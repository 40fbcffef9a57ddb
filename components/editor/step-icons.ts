// One icon per step kind (lucide), used by the Tools dock, canvas nodes and panels.
import { Braces, Clock, Code2, GitBranch, Globe, Hourglass, Sigma, Sparkles, Shuffle, Webhook, type LucideIcon } from "lucide-react";
import type { StepKind } from "@/lib/steps/catalog";

export const STEP_ICONS: Record<StepKind, LucideIcon> = {
  webhook: Webhook,
  scheduler: Clock,
  conditions: GitBranch,
  wait: Hourglass,
  transform: Shuffle,
  parse_json: Braces,
  summarize: Sigma,
  http: Globe,
  code: Code2,
  ai_prompt: Sparkles,
};

export const GROUP_TONES: Record<string, string> = {
  Start: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  Logic: "bg-amber-50 text-amber-700 ring-amber-200",
  Data: "bg-sky-50 text-sky-700 ring-sky-200",
  Actions: "bg-violet-50 text-violet-700 ring-violet-200",
};
