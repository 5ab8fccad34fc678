/**
 * Seeded random plans on a dataset, as a new user would try them: 1 to 32 catalogued projects,
 * each at a documented key or at a version of their own making, and one of them as the target
 * at a documented key or a release of one. The same seed gives the same plans on the same data,
 * so the share that runs out of budget can be compared before and after a change
 * (docs/performance.md, "Plans").
 */
import type { Dataset } from '../src/core/dataset/build-dataset.ts'
import type { PlanRequest } from '../src/core/plan/evaluate-plan.ts'

/** A small linear congruential generator: the same numbers on every machine and Node version. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

const finalKeys = (dataset: Dataset, id: string): string[] =>
  (dataset.projects.get(id)?.versions ?? [])
    .filter((version) => version.version.pre === null)
    .map((version) => version.key)

/**
 * `count` plans; `supportedOn`, when given, is added to about half of them, and `path` to all
 * when asked (the request fields the plan route reads).
 */
export function randomPlans(
  dataset: Dataset,
  count: number,
  seed: number,
  options: { readonly path?: boolean; readonly supportedOn?: string } = {},
): PlanRequest[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const ids = [...dataset.projects.keys()]
  // A version as a user writes it: a documented key, a release of one (a patch added), or a
  // neighbour of one (a minor off by one or two, with a patch).
  const versionOf = (id: string): string => {
    const keys = finalKeys(dataset, id)
    const key = keys.length === 0 ? '1.0' : pick(keys)
    const roll = random()
    if (roll < 0.5) return key
    if (roll < 0.75) return `${key}.${Math.floor(random() * 10)}`
    const [major = '1', minor = '0'] = key.split('.')
    const shifted = Math.max(0, Number.parseInt(minor, 10) + Math.floor(random() * 5) - 2)
    return `${major}.${Number.isNaN(shifted) ? 0 : shifted}.${Math.floor(random() * 10)}`
  }
  const plans: PlanRequest[] = []
  for (let at = 0; at < count; at++) {
    const size = 1 + Math.floor(random() * 32)
    const chosen = new Set<string>()
    while (chosen.size < size) chosen.add(pick(ids))
    const components = [...chosen].map((id) => [id, versionOf(id)] as [string, string])
    const [targetName] = pick(components)
    const targetKeys = finalKeys(dataset, targetName)
    const targetKey = targetKeys.length === 0 ? '1.0' : pick(targetKeys)
    const targetVersion = random() < 0.8 ? targetKey : `${targetKey}.${Math.floor(random() * 10)}`
    const withSupport = options.supportedOn !== undefined && random() < 0.5
    plans.push({
      components,
      target: [[targetName, targetVersion]],
      unknown: random() < 0.75 ? 'block' : 'allow',
      ...(options.path === true ? { path: true } : {}),
      ...(withSupport ? { supportedOn: options.supportedOn } : {}),
    } as PlanRequest)
  }
  return plans
}
