// Every step kind's executor. The engine looks executors up here; a new kind is one more
// entry (the Record type makes a missing kind a compile error).
import type { StepKind } from "@/lib/steps/catalog";
import { executeAiPrompt } from "./ai-prompt";
import { executeCode } from "./code";
import { executeConditions } from "./conditions";
import { executeHttp } from "./http";
import { executeParseJson } from "./parse-json";
import { executeScheduler } from "./scheduler";
import { executeSummarize } from "./summarize";
import { executeTransform } from "./transform";
import type { StepExecutor } from "./types";
import { executeWait } from "./wait";
import { executeWebhook } from "./webhook";

export const EXECUTORS: Record<StepKind, StepExecutor> = {
  webhook: executeWebhook,
  scheduler: executeScheduler,
  code: executeCode,
  http: executeHttp,
  ai_prompt: executeAiPrompt,
  conditions: executeConditions,
  transform: executeTransform,
  wait: executeWait,
  summarize: executeSummarize,
  parse_json: executeParseJson,
};
