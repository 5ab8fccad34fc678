/**
 * Reads a check request from the command line: `DEP=VERSION` arguments, checked by the
 * same schema the API validates requests with, so the CLI refuses what the server would.
 */
import { readCombination } from '../api/read-combination.ts'
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import { usageError } from './cli-error.ts'

/** What each field of the request is called on the command line. */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  project: '--project',
  version: '--version',
  dependencies: 'DEP=VERSION:',
}

/**
 * Splits at the first '=' only: a version may contain '=' (it will then fail to match, as
 * it would on the server), a dependency key cannot.
 *
 * @example parseDependencyPair('python=3.12') // ['python', '3.12']
 */
export function parseDependencyPair(argument: string, command = 'check'): [string, string] {
  const at = argument.indexOf('=')
  if (at === -1) {
    throw usageError(command, `'${argument}' is not DEP=VERSION; write it as e.g. python=3.12`)
  }
  const key = argument.slice(0, at)
  const value = argument.slice(at + 1)
  if (key === '') throw usageError(command, `'${argument}' has no dependency before '='`)
  if (value === '') throw usageError(command, `'${argument}' has no version after '='`)
  return [key, value]
}

/**
 * DEP=VERSION arguments as pairs in the order given, each dependency once.
 *
 * @example readDependencyPairs('versions', ['python=3.12', 'postgresql=16']) // [['python', '3.12'], ['postgresql', '16']]
 */
export function readDependencyPairs(command: string, pairs: readonly string[]): [string, string][] {
  if (pairs.length === 0) {
    throw usageError(command, 'give at least one DEP=VERSION, e.g. python=3.12')
  }
  const dependencies = pairs.map((pair) => parseDependencyPair(pair, command))
  const seen = new Set<string>()
  for (const [key] of dependencies) {
    if (seen.has(key)) throw usageError(command, `dependency '${key}' is given more than once`)
    seen.add(key)
  }
  return dependencies
}

/** The request for `--project`, `--version` and the DEP=VERSION arguments, in the order given. */
export function readCheckRequest(
  project: string | undefined,
  version: string | undefined,
  pairs: readonly string[],
): CombinationRequest {
  if (project === undefined) throw usageError('check', '--project is required')
  if (version === undefined) throw usageError('check', '--version is required')
  const dependencies = readDependencyPairs('check', pairs)
  const read = readCombination(
    { project, version, dependencies: Object.fromEntries(dependencies) },
    null,
    'body',
  )
  if ('errors' in read) {
    const described = read.errors.map(
      (error) => `${FLAG_OF_FIELD[error.name] ?? error.name} ${error.reason}`,
    )
    throw usageError('check', described.join('; '))
  }
  // In the order given on the command line, integer-like keys included.
  return { project, version, dependencies }
}
