// Placeholder so the executor registry compiles; the real implementation follows.
import { StepError, type StepExecutor } from "./types";

export const executeAiPrompt: StepExecutor = async () => {
  throw new StepError("ai_prompt step: not implemented yet");
};
