/**
 * The library entry point of the `compat` package: the check functions of the core, the
 * dataset model, and the typed API client. `compat/client` is the client alone (it also runs
 * in browsers); `compat/data` reads and validates data directories (Node only).
 *
 * @example
 * import { buildDataset, evaluateCheck } from 'compat'
 * const result = evaluateCheck(buildDataset(documents), { project: 'django', version: '5.2', dependency: 'python', dependencyVersion: '3.13.1' })
 */
export {
  type ApiAnswer,
  ApiError,
  ApiUnreachableError,
  type ClientOptions,
  type CompatClient,
  createClient,
} from './api/client.ts'
export type {
  CombinationCheckResult,
  DependencyCheck,
  ProjectIndexEntry,
  ProjectList,
  ServiceInfo,
  SingleCheckResult,
  Verdict,
} from './api/response-schemas.ts'
export { type CheckRequest, evaluateCheck } from './core/check/evaluate-check.ts'
export { type CombinationRequest, evaluateCombination } from './core/check/evaluate-combination.ts'
export type { VersionLookup } from './core/check/resolve-project-version.ts'
export {
  buildDataset,
  type CompiledProject,
  type Dataset,
  DatasetBuilder,
  findProject,
} from './core/dataset/build-dataset.ts'
export type { Fault } from './core/dataset/fault.ts'
export type {
  Confidence,
  DependencyEntry,
  ProjectDocument,
  Source,
} from './core/dataset/schema.ts'
export { validateDocument } from './core/dataset/validate-document.ts'
export { evidenceAgeDays, isStale, STALE_AFTER_DAYS } from './core/evidence/is-stale.ts'
export { compareVersions } from './core/version/compare-versions.ts'
export { matchRange } from './core/version/match-range.ts'
export { parseRange, type Range } from './core/version/parse-range.ts'
export { parseVersion, type Version } from './core/version/parse-version.ts'
