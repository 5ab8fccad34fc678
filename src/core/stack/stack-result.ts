/** The answer of a stack check (docs/api.md, "Stacks"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
import { evidenceFields, verdictSchema } from '../check/check-result.ts'

export const ComponentsSchema = Type.Record(Type.String(), Type.String(), {
  description:
    'Component name (a project id or alias, or a dependency key) to its deployed version; 1 to 32 entries.',
})

export const ResolvedComponentSchema = Type.Union(
  [
    Type.Object(
      {
        project: Type.String({ description: 'The id of the catalogued project the name names.' }),
        key: Type.Union([Type.String(), Type.Null()], {
          description:
            'The documented key that answers for the deployed version (the last since key laid over its line, else the line’s key); null when none covers it.',
        }),
        reason: Type.String({ description: 'Which keys answer, or why none does.' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'How the component’s version resolves in its project’s document; null for a name that is no catalogued project.',
  },
)

export const StackPairSchema = Type.Object(
  {
    project: Type.String({ description: 'The component whose document is read, as sent.' }),
    version: Type.String({ description: 'Its version, as sent.' }),
    dependency: Type.String({ description: 'The other component, as sent.' }),
    dependencyVersion: Type.String({ description: 'Its version, as sent.' }),
    key: Type.String({
      description:
        'The dependency key of the document that names the other component: its name, or another name of the project it links to.',
    }),
    ...evidenceFields,
  },
  {
    additionalProperties: false,
    description:
      'One component’s documented evidence about another, judged as a single check: the first component’s version as the project version, the second’s as the dependency version.',
  },
)

export const StackResultSchema = Type.Object(
  {
    components: ComponentsSchema,
    compatible: verdictSchema(
      'Aggregate of the pairs: incompatible if any is; else unknown if any is, if there is no pair, or if a catalogued component’s version resolves to no key; else compatible.',
    ),
    reason: Type.String({ description: 'One sentence summing up the stack.' }),
    resolved: Type.Record(Type.String(), ResolvedComponentSchema, {
      description: 'Each component, in request order: the project and key it resolves to, or null.',
    }),
    pairs: Type.Array(StackPairSchema, {
      description:
        'Every pair the evidence covers, by the documenting component in request order, then the other in request order.',
    }),
    unpaired: Type.Array(Type.String(), {
      description: 'Components in no pair, in request order.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Whether a whole stack is documented compatible with itself.',
  },
)

export type ResolvedComponent = Static<typeof ResolvedComponentSchema>
export type StackPair = Static<typeof StackPairSchema>
export type StackResult = Static<typeof StackResultSchema>
