// Placeholder so the executor registry compiles; the real implementation follows.
import { StepError, type StepExecutor } from "./types";

export const executeCode: StepExecutor = async () => {
  throw new StepError("code step: not implemented yet");
};
