// Module-level maps: React Flow re-renders every node when these objects change identity.
import { InsertEdge } from "@/components/editor/edges/insert-edge";
import { StepNode } from "@/components/editor/nodes/step-node";

export const nodeTypes = { step: StepNode };
export const edgeTypes = { insert: InsertEdge };
