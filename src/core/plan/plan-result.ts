/** The answer of a plan (docs/api.md, "Plans"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
import { UpgradeNoteSchema } from '../dataset/schema.ts'
import { ComponentSupportSchema } from '../lifecycle/lifecycle-result.ts'
import { ComponentsSchema, StackPairSchema } from '../stack/stack-result.ts'

export const PlanChangeSchema = Type.Object(
  {
    component: Type.String({ description: 'The component that moves, as sent.' }),
    from: Type.String({ description: 'Its version as sent.' }),
    to: Type.String({ description: 'The documented key it moves to.' }),
    reason: Type.String({
      description: 'Why it must move, and why to this key: the pairs its current version failed.',
    }),
  },
  { additionalProperties: false, description: 'One move the plan makes.' },
)

export const PlanStepSchema = Type.Object(
  {
    component: Type.String({ description: 'The component that takes this step, as sent.' }),
    from: Type.Union([Type.String(), Type.Null()], {
      description:
        'Its version before the step; null for a target name the stack lacked, which joins it.',
    }),
    to: Type.String({
      description:
        'Its version after the step: a documented key one hop above (its project’s upgrade rule allows it), or the version its target names.',
    }),
    reason: Type.String({
      description:
        'Why this step comes here: what it is needed for, and which later step needs it.',
    }),
    stack: Type.Record(Type.String(), Type.String(), {
      description:
        'The whole stack after the step, in the order of result (a target name not joined yet is absent).',
    }),
    pairs: Type.Array(StackPairSchema, {
      description:
        'The pairs of that stack that involve the component that moved, as a stack check gives them: each acceptable, or already unacceptable in the starting stack.',
    }),
    notes: Type.Array(UpgradeNoteSchema, {
      description:
        'What to read before the step: the upgrade notes (title and pinned URL) of every documented key of the component’s project that the step passes over or lands on, lowest key first, each note (title and address) once (docs/api.md, "Upgrade notes"). Empty when none is documented and when the component joins.',
    }),
  },
  {
    additionalProperties: false,
    description: 'One step of an upgrade path: one hop of one component.',
  },
)

export const BlockingSchema = Type.Object(
  {
    component: Type.String({ description: 'A component no documented version of fits.' }),
    pairs: Type.Array(StackPairSchema, {
      description:
        'The pairs that rule out its newest version (its newest key, or the version it must keep) against what cannot move; with path, the pairs its next hop would break.',
    }),
    rule: Type.Optional(
      Type.String({
        description:
          'With path, when its project’s upgrade rule stops it: the rule in words (one minor line at a time; required stops at 16.3, 16.7), or that hops only go up.',
      }),
    ),
    support: Type.Optional(
      Type.String({
        description:
          'With supportedOn, when none of the versions it may end at is supported on that day: which, and why.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Why no plan exists, for one component.' },
)

export const PlanResultSchema = Type.Object(
  {
    components: ComponentsSchema,
    target: Type.Record(Type.String(), Type.String(), {
      description:
        'Echo of the target: component name to the version it must have (empty when only supportedOn was asked).',
    }),
    unknown: Type.Union([Type.Literal('block'), Type.Literal('allow')], {
      description:
        'Echo, block by default: whether an undecidable pair, or a catalogued version no key covers, rules a plan out (block) or not (allow).',
    }),
    path: Type.Optional(
      Type.Boolean({ description: 'Echo of path, when it was sent: whether steps were asked.' }),
    ),
    supportedOn: Type.Optional(
      Type.String({
        description:
          'Echo of supportedOn, when it was sent: the day every component with lifecycle data must be supported on.',
      }),
    ),
    prefer: Type.Optional(
      Type.Union([Type.Literal('lowest'), Type.Literal('newest')], {
        description:
          'Echo of prefer, when it was sent: whether a moved component lands on its lowest or its newest acceptable key.',
      }),
    ),
    feasible: Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'true: a plan exists (changes and result say it); false: none exists (blocking says why); null: the search budget ran out before it could tell.',
    }),
    reason: Type.String({ description: 'One sentence summing up the plan, or why there is none.' }),
    changes: Type.Array(PlanChangeSchema, {
      description:
        'The net moves of the components other than the targets (whose versions were given), in request order: the fewest moves, then the lowest keys; with path, where each one’s last step leaves it.',
    }),
    result: Type.Record(Type.String(), Type.String(), {
      description:
        'The stack after the plan, components then new target names in request order: target versions as sent, moved components at their keys, the others as sent.',
    }),
    pairs: Type.Array(StackPairSchema, {
      description: 'Every pair of the resulting stack, as a stack check gives them.',
    }),
    steps: Type.Optional(
      Type.Array(PlanStepSchema, {
        description:
          'With path: the steps from the stack as sent to result, one hop of one component each, in order; no step breaks a pair that was acceptable before it. Empty when nothing moves and when there is no path.',
      }),
    ),
    blocking: Type.Optional(
      Type.Array(BlockingSchema, {
        description:
          'When no plan exists: each component nothing fits, with the pairs that ruled it out (or the upgrade rule that stops it, or the day it cannot be supported on).',
      }),
    ),
    date: Type.String({
      format: 'date',
      description:
        'The day the support of the result is judged on: supportedOn when it was sent, else today in UTC (YYYY-MM-DD).',
    }),
    support: Type.Array(ComponentSupportSchema, {
      description:
        'Each component of result, in its order, with its release line’s support on that day, as a stack answer gives it: a plan that lands on a line at its end of life says so here.',
    }),
  },
  {
    additionalProperties: false,
    description: 'What must move, and to what, for a target to hold.',
  },
)

export type PlanChange = Static<typeof PlanChangeSchema>
export type PlanStep = Static<typeof PlanStepSchema>
export type Blocking = Static<typeof BlockingSchema>
export type PlanResult = Static<typeof PlanResultSchema>
