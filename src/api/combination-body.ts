import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import type { PlanRequest } from '../core/plan/evaluate-plan.ts'

/**
 * A JSON object of names to versions, written by hand so that the pairs keep the order given
 * (JSON.stringify would move integer-like keys to the front).
 *
 * @example namedVersionsJson([['10', '1'], ['python', '3.12']]) // '{"10":"1","python":"3.12"}'
 */
export function namedVersionsJson(pairs: readonly (readonly [string, string])[]): string {
  return `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`
}

/**
 * The POST body of a combination, dependencies in the order given.
 *
 * @example combinationBody({ project: 'django', version: '5.1', dependencies: [['python', '3.12']] })
 */
export function combinationBody({ project, version, dependencies }: CombinationRequest): string {
  return `{"project":${JSON.stringify(project)},"version":${JSON.stringify(version)},"dependencies":${namedVersionsJson(dependencies)}}`
}

/**
 * The POST body of a stack, components in the order given, and the day its support is judged
 * on when one is asked for.
 *
 * @example stackBody([['kubernetes', '1.33.2'], ['cnpg', 'v1.27.1']], '2026-11-28')
 */
export function stackBody(
  components: readonly (readonly [string, string])[],
  date?: string,
): string {
  const dated = date === undefined ? '' : `,"date":${JSON.stringify(date)}`
  return `{"components":${namedVersionsJson(components)}${dated}}`
}

/**
 * The POST body of a plan, components and target in the order given.
 *
 * @example planBody({ components: [['kubernetes', '1.33.2']], target: [['kubernetes', '1.34']], unknown: 'block' })
 */
export function planBody({
  components,
  target,
  unknown,
  path,
  supportedOn,
  prefer,
}: PlanRequest): string {
  // A plan for supportedOn alone sends no target: an empty one is refused.
  const targetField =
    target.length === 0 && supportedOn !== undefined ? '' : `,"target":${namedVersionsJson(target)}`
  const pathField = path === undefined ? '' : `,"path":${path}`
  const dayField = supportedOn === undefined ? '' : `,"supportedOn":${JSON.stringify(supportedOn)}`
  const preferField = prefer === undefined ? '' : `,"prefer":${JSON.stringify(prefer)}`
  return `{"components":${namedVersionsJson(components)}${targetField},"unknown":${JSON.stringify(unknown)}${pathField}${dayField}${preferField}}`
}
