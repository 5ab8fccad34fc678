/**
 * A plan's target names that name nothing known, as the 400's faults (docs/api.md, "Plans",
 * "Errors"): the server and the CLI word them alike.
 */
import type { Dataset } from '../core/dataset/build-dataset.ts'
import { quotedAlternatives } from '../core/names/nearest-names.ts'
import type { PlanRequest } from '../core/plan/plan-request.ts'
import { unknownTargets } from '../core/plan/unknown-targets.ts'
import type { ParameterError, ParameterLocation } from './problem.ts'

/**
 * @example planTargetFaults(dataset, request, 'body')
 * // [{ name: 'target', in: 'body', reason: '"kubernets" names no catalogued project and no component of the stack; did you mean "kubernetes"?' }]
 */
export function planTargetFaults(
  dataset: Dataset,
  request: PlanRequest,
  location: ParameterLocation,
): ParameterError[] {
  return unknownTargets(dataset, request).map(({ name, nearest }) => ({
    name: 'target',
    in: location,
    reason: `${JSON.stringify(name)} names no catalogued project and no component of the stack; ${
      nearest.length === 0
        ? 'a target must name one (GET /api/v1/projects lists the ids)'
        : `did you mean ${quotedAlternatives(nearest)}?`
    }`,
  }))
}
