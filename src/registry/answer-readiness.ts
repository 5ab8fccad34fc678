/**
 * A readiness question answered end to end (docs/api.md, "Readiness"), for the CLI and the
 * server alike: the files' packages of the target's ecosystem, the target resolved against
 * them, the registry asked when a client is given, and the answer evaluated on the day.
 */
import type { Dataset } from '../core/dataset/build-dataset.ts'
import { findProject } from '../core/dataset/build-dataset.ts'
import { componentMatcher } from '../core/identifiers/component-matcher.ts'
import { evaluateLifecycle } from '../core/lifecycle/evaluate-lifecycle.ts'
import { packageUrlOfName } from '../core/purl/package-url.ts'
import type { Ecosystem } from '../core/readiness/declarations.ts'
import { evaluateReadiness } from '../core/readiness/evaluate-readiness.ts'
import type { ReadinessAnswer } from '../core/readiness/readiness-answer.ts'
import { resolveReadinessTarget } from '../core/readiness/resolve-readiness-target.ts'
import type { EcosystemPackage } from '../data/readiness-inputs/packages-of-file.ts'
import { askRegistry } from './ask-registry.ts'
import type { RegistryClient } from './registry-client.ts'

export interface ReadinessQuestion {
  /** Every file's packages, in the order the files were given. */
  readonly packages: readonly EcosystemPackage[]
  readonly name: string
  readonly version: string
  /** YYYY-MM-DD: the day support is judged on. */
  readonly date: string
  readonly dataset: Dataset
  /** Null: no registry is read, not even the cache; an offline client reads the cache. */
  readonly client: RegistryClient | null
}

export type ReadinessOutcome =
  | { readonly answer: ReadinessAnswer }
  | {
      readonly error: {
        readonly field: 'name' | 'version'
        readonly reason: string
        readonly nearest: readonly string[]
      }
    }

export async function answerReadiness(question: ReadinessQuestion): Promise<ReadinessOutcome> {
  const { packages, dataset } = question
  const names = (ecosystem: Ecosystem) =>
    new Set(packages.filter((item) => item.ecosystem === ecosystem).map((item) => item.name))
  // Matching builds an index of every project's names: only a package target needs it.
  let matcher: ReturnType<typeof componentMatcher>['matcher'] | null = null
  const resolved = resolveReadinessTarget(question.name, question.version, {
    npm: names('npm'),
    pypi: names('pypi'),
    projectOf: (ecosystem, name) => {
      if (name === 'nodejs' || name === 'python')
        return findProject(dataset, name)?.document.id ?? null
      matcher ??= componentMatcher(dataset).matcher
      const purl = packageUrlOfName(ecosystem, name)
      const match = matcher.match(purl === null ? { name } : { name, purl })
      return match.project
    },
  })
  if ('error' in resolved) return resolved
  const { target } = resolved
  const inEcosystem = packages.filter((item) => item.ecosystem === target.ecosystem)
  const registry =
    question.client === null ? new Map() : await askRegistry(target, inEcosystem, question.client)
  const lines =
    target.kind === 'runtime' && target.project !== null
      ? (evaluateLifecycle(dataset, target.project, question.date)?.lines ?? [])
      : []
  return {
    answer: evaluateReadiness({
      target,
      packages: inEcosystem,
      registry,
      offline: question.client === null || question.client.offline,
      date: question.date,
      lines,
    }),
  }
}
