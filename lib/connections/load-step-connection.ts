// The app connection a step selected, as a step failure when it is missing, foreign or broken.
import { StepError } from "@/lib/steps/executors/types";
import { ConnectionError, ConnectionNotFoundError, getConnectionCredentials, type LoadedConnection } from "./get-connection-credentials";

export type LoadStepConnectionOptions = { connectionId: string; workspaceId: string; expectKinds?: string[] };

export async function loadStepConnection({ connectionId, workspaceId, expectKinds }: LoadStepConnectionOptions): Promise<LoadedConnection> {
  try {
    const c = await getConnectionCredentials({ connectionId, workspaceId });
    if (expectKinds && !expectKinds.includes(c.authKind)) {
      throw new StepError(`app connection "${c.name}" (${c.app}) uses ${c.authKind} auth; this step needs ${expectKinds.join(" or ")}`);
    }
    return c;
  } catch (e) {
    // Said in words first: the bare id meant nothing to whoever reads the failed run.
    if (e instanceof ConnectionNotFoundError) {
      throw new StepError(`the app account this step used was deleted (app connection ${connectionId} is not in this workspace): choose another account for the step`);
    }
    if (e instanceof ConnectionError) throw new StepError(e.message);
    throw e;
  }
}
