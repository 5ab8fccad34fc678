/** What a plan is asked (docs/api.md, "Plans"): the core's reading of a plan body. */
import type { UnknownPolicy } from './pair-judge.ts'
import type { KeyPreference } from './stack-search.ts'

export interface PlanRequest {
  /** Name and version, in request order; a name appears once. */
  readonly components: readonly (readonly [string, string])[]
  /** Name and the version it must have, in request order; empty only with `supportedOn`. */
  readonly target: readonly (readonly [string, string])[]
  readonly unknown: UnknownPolicy
  /** Whether to answer the steps that get there, one safe hop at a time (false when absent). */
  readonly path?: boolean
  /** The day (YYYY-MM-DD) every component with lifecycle data must still be supported on. */
  readonly supportedOn?: string
  /** Which key a moved component lands on among plans of as many moves (lowest when absent). */
  readonly prefer?: KeyPreference
}
