/** The answers of a check (docs/api.md, "Results"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
import { confidenceSchema, DATE_PATTERN, SourceSchema } from '../dataset/schema.ts'

export const verdictSchema = (description: string) =>
  Type.Union([Type.Literal('compatible'), Type.Literal('incompatible'), Type.Literal('unknown')], {
    description,
  })

export const VerdictSchema = verdictSchema(
  'compatible: matched a documented range or constraint. incompatible: the dependency is documented for that project version, but nothing matched. unknown: project, project version, dependency or evidence not known.',
)

/** The fields of a decided check, from `compatible` to `reason`, for every answer that carries checks. */
export const evidenceFields = {
  compatible: VerdictSchema,
  matchedRange: Type.Union([Type.String(), Type.Null()], {
    description: 'The documented range that matched the dependency version; null when none did.',
  }),
  matchedConstraint: Type.Union([Type.Literal('same-version'), Type.Null()], {
    description:
      '"same-version" when the dependency had to equal the project version and did; otherwise null.',
  }),
  relationship: Type.Union([Type.String(), Type.Null()], {
    description: 'How the project uses the dependency; null when the dependency is not documented.',
  }),
  confidence: confidenceSchema(
    'Evidence quality: high, medium or low; low when nothing is documented.',
  ),
  lastVerified: Type.Union([Type.String({ pattern: DATE_PATTERN, format: 'date' }), Type.Null()], {
    description:
      'Date the evidence was last verified (YYYY-MM-DD); null when unverified or undocumented.',
  }),
  notes: Type.Array(Type.String(), { description: 'The data’s own notes on this evidence.' }),
  sources: Type.Array(SourceSchema, { description: 'Where the evidence comes from.' }),
  reason: Type.String({
    description:
      'One sentence on why: which range matched, which bound excluded the version, what was ignored, or what is known instead.',
  }),
}

export const SingleCheckResultSchema = Type.Object(
  {
    project: Type.String({ description: 'Echo of the request, byte for byte.' }),
    version: Type.String({ description: 'Echo of the request, byte for byte.' }),
    dependency: Type.String({ description: 'Echo of the request, byte for byte.' }),
    dependencyVersion: Type.String({ description: 'Echo of the request, byte for byte.' }),
    ...evidenceFields,
  },
  { additionalProperties: false, description: 'The result of checking one dependency version.' },
)

export const DependencyCheckSchema = Type.Object(
  {
    dependency: Type.String({ description: 'The requested dependency key.' }),
    dependencyVersion: Type.String({ description: 'The requested dependency version.' }),
    ...evidenceFields,
  },
  { additionalProperties: false, description: 'One dependency of a combination check.' },
)

export const DependenciesSchema = Type.Record(Type.String(), Type.String(), {
  description: 'Dependency key to dependency version; 1 to 32 entries.',
})

export const CombinationCheckResultSchema = Type.Object(
  {
    project: Type.String({ description: 'Echo of the request, byte for byte.' }),
    version: Type.String({ description: 'Echo of the request, byte for byte.' }),
    dependencies: DependenciesSchema,
    compatible: verdictSchema(
      'Aggregate: incompatible if any check is; else unknown if any is; else compatible.',
    ),
    reason: Type.String({ description: 'One sentence summing up the checks.' }),
    checks: Type.Array(DependencyCheckSchema, {
      description: 'Exactly one check per requested dependency, in request order.',
    }),
  },
  { additionalProperties: false, description: 'The result of checking a whole combination.' },
)

export type Verdict = Static<typeof VerdictSchema>
export type SingleCheckResult = Static<typeof SingleCheckResultSchema>
export type DependencyCheck = Static<typeof DependencyCheckSchema>
export type CombinationCheckResult = Static<typeof CombinationCheckResultSchema>
