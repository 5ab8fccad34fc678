/**
 * Where a plan lands, on its day (docs/api.md, "Plans"): each component of the stack after the
 * plan, with its release line's support on `supportedOn`, else on today — the support a stack
 * answer gives (docs/api.md, "Stacks"), so a plan that lands on a line already at its end of
 * life says so.
 */
import type { Dataset } from '../dataset/build-dataset.ts'
import { componentSupport } from '../lifecycle/component-support.ts'
import type { PlanResult } from './plan-result.ts'

/**
 * A plan answer's last fields: the day, and the support of each component of `result` on it.
 *
 * @example planLanding(dataset, { kubernetes: '1.34', cnpg: '1.28' }, '2026-11-28').support[0]?.status
 */
export function planLanding(
  dataset: Dataset,
  result: Readonly<Record<string, string>>,
  date: string,
): Pick<PlanResult, 'date' | 'support'> {
  return {
    date,
    support: Object.entries(result).map(([component, version]) =>
      componentSupport(dataset, component, version, date),
    ),
  }
}
