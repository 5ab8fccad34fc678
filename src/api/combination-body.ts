import type { CombinationRequest } from '../core/check/evaluate-combination.ts'

/**
 * The POST body of a combination, written by hand so that the dependencies keep the order
 * given (JSON.stringify would move integer-like keys to the front).
 *
 * @example combinationBody({ project: 'django', version: '5.1', dependencies: [['python', '3.12']] })
 */
export function combinationBody({ project, version, dependencies }: CombinationRequest): string {
  const entries = dependencies.map(
    ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`,
  )
  return `{"project":${JSON.stringify(project)},"version":${JSON.stringify(version)},"dependencies":{${entries.join(',')}}}`
}
