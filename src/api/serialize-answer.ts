/**
 * The answers of versions, dependencies, stacks, plans and support windows as JSON. Their objects are built field by
 * field in their schema's order, so the engine's JSON.stringify writes exactly what the schema
 * describes (a property test holds it to the serializer compiled from the schema), and the
 * server and the CLI's offline answers are the same bytes.
 */
import type {
  DependencyIndex,
  DependencyView,
  LifecycleResult,
  PlanResult,
  StackResult,
  VersionsResult,
} from './response-schemas.ts'

export function serializeAnswer(
  answer:
    | VersionsResult
    | DependencyIndex
    | DependencyView
    | StackResult
    | PlanResult
    | LifecycleResult,
): string {
  return JSON.stringify(answer)
}
