/** The reverse view's answers (docs/api.md, "Who documents a dependency"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
import { evidenceFields } from '../check/check-result.ts'
import { ConstraintSchema, DependencyEntrySchema } from '../dataset/schema.ts'
import { SupportStatusSchema } from '../lifecycle/lifecycle-result.ts'

const linkedProject = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description })

export const DependencyIndexRowSchema = Type.Object(
  {
    dependency: Type.String({ description: 'A dependency key, as written in the data.' }),
    project: linkedProject(
      'The id of the catalogued project the key links to (its id or one of its aliases); null when none.',
    ),
    projects: Type.Integer({ description: 'How many projects document the key.' }),
    entries: Type.Integer({ description: 'How many entries (project version × key) use it.' }),
  },
  { additionalProperties: false, description: 'One dependency key of the dataset.' },
)

export const DependencyIndexSchema = Type.Object(
  {
    dependencies: Type.Array(DependencyIndexRowSchema, {
      description: 'Every dependency key of the dataset, ordered by key.',
    }),
  },
  { additionalProperties: false, description: 'Every dependency key and who documents it.' },
)

const { ranges, relationship, confidence, lastVerified } = DependencyEntrySchema.properties
const { compatible, matchedRange, matchedConstraint, reason } = evidenceFields

export const DependencyUseSchema = Type.Object(
  {
    project: Type.String({ description: 'The id of the project that documents the dependency.' }),
    version: Type.String({ description: 'The project’s documented version key.' }),
    since: Type.Boolean({
      description:
        'True for a since key: the row holds for that release and the later ones of its line.',
    }),
    key: Type.String({
      description:
        'The dependency key the project uses: the requested name, or another name of the project it links to.',
    }),
    ranges,
    constraints: Type.Array(ConstraintSchema, {
      description: 'Constraints other than ranges, such as same-version; empty when none.',
    }),
    basis: Type.Union([Type.Literal('supported'), Type.Literal('tested')], {
      description:
        'supported: the ranges are what the source documents as supported; tested: only the versions it reports as tested.',
    }),
    relationship,
    confidence,
    lastVerified,
    status: SupportStatusSchema,
    compatible: Type.Optional(compatible),
    matchedRange: Type.Optional(matchedRange),
    matchedConstraint: Type.Optional(matchedConstraint),
    reason: Type.Optional(reason),
  },
  {
    additionalProperties: false,
    description:
      'One entry that documents the dependency; with a version asked for, also its verdict (compatible, matchedRange, matchedConstraint, reason) as a single check would give it.',
  },
)

export const DependencyViewSchema = Type.Object(
  {
    dependency: Type.String({ description: 'Echo of the request, byte for byte.' }),
    version: Type.Union([Type.String(), Type.Null()], {
      description: 'Echo of the version asked for, byte for byte; null when none was.',
    }),
    date: Type.String({
      format: 'date',
      description:
        'The day each row’s support status is judged on (today in UTC when not given), YYYY-MM-DD.',
    }),
    project: linkedProject(
      'The id of the catalogued project the requested name links to; null when none.',
    ),
    entries: Type.Array(DependencyUseSchema, {
      description:
        'Every entry whose key is the requested name or links to the same project, by project id, then version newest first.',
    }),
  },
  { additionalProperties: false, description: 'Who documents a dependency.' },
)

export type DependencyIndexRow = Static<typeof DependencyIndexRowSchema>
export type DependencyIndex = Static<typeof DependencyIndexSchema>
export type DependencyUse = Static<typeof DependencyUseSchema>
export type DependencyView = Static<typeof DependencyViewSchema>
