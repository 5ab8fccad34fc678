/** The answer of a plan (docs/api.md, "Plans"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
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

export const BlockingSchema = Type.Object(
  {
    component: Type.String({ description: 'A component no documented version of fits.' }),
    pairs: Type.Array(StackPairSchema, {
      description:
        'The pairs that rule out its newest version (its newest key, or the version it must keep) against what cannot move.',
    }),
  },
  { additionalProperties: false, description: 'Why no plan exists, for one component.' },
)

export const PlanResultSchema = Type.Object(
  {
    components: ComponentsSchema,
    target: Type.Record(Type.String(), Type.String(), {
      description: 'Echo of the target: component name to the version it must have.',
    }),
    unknown: Type.Union([Type.Literal('block'), Type.Literal('allow')], {
      description:
        'Echo, block by default: whether an undecidable pair, or a catalogued version no key covers, rules a plan out (block) or not (allow).',
    }),
    feasible: Type.Union([Type.Boolean(), Type.Null()], {
      description:
        'true: a plan exists (changes and result say it); false: none exists (blocking says why); null: the search budget ran out before it could tell.',
    }),
    reason: Type.String({ description: 'One sentence summing up the plan, or why there is none.' }),
    changes: Type.Array(PlanChangeSchema, {
      description:
        'The moves of components other than the target, in request order: the fewest moves, then the lowest keys.',
    }),
    result: Type.Record(Type.String(), Type.String(), {
      description:
        'The stack after the plan, components then new target names in request order: target versions as sent, moved components at their keys, the others as sent.',
    }),
    pairs: Type.Array(StackPairSchema, {
      description: 'Every pair of the resulting stack, as a stack check gives them.',
    }),
    blocking: Type.Optional(
      Type.Array(BlockingSchema, {
        description:
          'When no plan exists: each component nothing fits, with the pairs that ruled it out.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'What must move, and to what, for a target to hold.',
  },
)

export type PlanChange = Static<typeof PlanChangeSchema>
export type Blocking = Static<typeof BlockingSchema>
export type PlanResult = Static<typeof PlanResultSchema>
