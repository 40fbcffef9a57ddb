// Placeholder so the executor registry compiles; the real implementation follows.
import { StepError, type StepExecutor } from "./types";

export const executeHttp: StepExecutor = async () => {
  throw new StepError("http step: not implemented yet");
};
