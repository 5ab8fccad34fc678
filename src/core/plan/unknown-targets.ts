/**
 * Target names a plan cannot place (docs/api.md, "Plans"): a target must name a catalogued
 * project (by id or alias) or a component of the stack. Any other name is most often a typo
 * (`kubernets`), and planning it would answer that the stack holds with nothing moved.
 */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import { NameList } from '../names/nearest-names.ts'
import type { PlanRequest } from './plan-request.ts'

export interface UnknownTarget {
  /** The target name as sent. */
  readonly name: string
  /** Up to three known names nearest to it: the stack's components, then projects' ids and aliases. */
  readonly nearest: readonly string[]
}

/**
 * @example unknownTargets(dataset, { components: [['kubernetes', '1.31']], target: [['kubernets', '1.34']], unknown: 'block' })
 * // [{ name: 'kubernets', nearest: ['kubernetes'] }]
 */
export function unknownTargets(dataset: Dataset, request: PlanRequest): UnknownTarget[] {
  const components = new Set(request.components.map(([name]) => name))
  const unknown = request.target.filter(
    ([name]) => !components.has(name) && findProject(dataset, name) === undefined,
  )
  if (unknown.length === 0) return []
  const known = new NameList([...components, ...dataset.projects.keys(), ...dataset.aliases.keys()])
  return unknown.map(([name]) => ({ name, nearest: known.nearest(name) }))
}
