/** The components of a plan as slots, in the order the answer lists them (docs/api.md, "Plans"). */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { PlanRequest } from './plan-request.ts'

/** A component of the plan: its name, the version it starts from, and its target's, if any. */
export interface PlannedComponent {
  readonly name: string
  /** The version as sent in `components`; null for a target name the stack lacks. */
  readonly sent: string | null
  /** The version its target names; null when no target names it. */
  readonly target: string | null
}

/**
 * The stack's components in request order, each with the target that names it (by its name,
 * or by another name of the same catalogued project: `kubernetes` names `k8s`); target names
 * that name no component follow, in request order.
 *
 * @example plannedComponents(dataset, { components: [['k8s', '1.33.2']], target: [['kubernetes', '1.34']], unknown: 'block' })
 * // [{ name: 'k8s', sent: '1.33.2', target: '1.34' }]
 */
export function plannedComponents(dataset: Dataset, request: PlanRequest): PlannedComponent[] {
  const projectOf = (name: string) => findProject(dataset, name)?.document.id
  const targetOf = (name: string) =>
    request.target.find(
      ([targetName]) =>
        targetName === name ||
        (projectOf(name) !== undefined && projectOf(name) === projectOf(targetName)),
    )
  const planned: PlannedComponent[] = request.components.map(([name, version]) => ({
    name,
    sent: version,
    target: targetOf(name)?.[1] ?? null,
  }))
  for (const [name, version] of request.target) {
    if (!request.components.some(([component]) => targetOf(component)?.[0] === name)) {
      planned.push({ name, sent: null, target: version })
    }
  }
  return planned
}
