// Whether the server would save these editor steps: the PUT as the browser sends it (JSON text)
// through the server's own preparation; a refusal (400) is false, anything else is thrown.
import { AppError } from "@/lib/api/errors";
import type { EditorStep } from "@/lib/editor/step-ops";
import { prepareSteps } from "@/lib/workflows/prepare-steps";

export function serverSaves(steps: EditorStep[]): boolean {
  try {
    prepareSteps({ input: JSON.parse(JSON.stringify(steps)) });
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}
