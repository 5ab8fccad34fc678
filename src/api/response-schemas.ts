/**
 * What the API answers: one schema per shape, for OpenAPI, serialization and the typed
 * client's response types. Check results and the project document are domain shapes kept in
 * core; they are re-exported here so that every answer has one home.
 */
import { type Static, Type } from 'typebox'
import {
  type CombinationCheckResult,
  CombinationCheckResultSchema,
  type DependencyCheck,
  type SingleCheckResult,
  SingleCheckResultSchema,
  type Verdict,
  verdictSchema,
} from '../core/check/check-result.ts'
import {
  type Confidence,
  type DependencyEntry,
  type ProjectDocument,
  ProjectDocumentSchema,
  type Source,
  type Upstream,
} from '../core/dataset/schema.ts'
import {
  type DependencyIndex,
  DependencyIndexSchema,
  type DependencyUse,
  type DependencyView,
  DependencyViewSchema,
} from '../core/dependencies/dependency-result.ts'
import {
  type VersionCheck,
  type VersionsResult,
  VersionsResultSchema,
  type VersionVerdict,
} from '../core/fitting-versions/versions-result.ts'
import {
  ComponentSupportSchema,
  LifecycleResultSchema,
} from '../core/lifecycle/lifecycle-result.ts'
import {
  type Blocking,
  type PlanChange,
  type PlanResult,
  PlanResultSchema,
  type PlanStep,
} from '../core/plan/plan-result.ts'
import { StackAnswerSchema } from '../core/stack/stack-answer.ts'
import { type StackPair, type StackResult, StackResultSchema } from '../core/stack/stack-result.ts'
import { type Problem, ProblemSchema } from './problem.ts'

export const ProjectIndexEntrySchema = Type.Object(
  {
    id: Type.String({ description: 'Stable project id, used in every later request.' }),
    name: Type.String({ description: 'Display name.' }),
    description: Type.Optional(
      Type.String({ description: 'What the project is, in one sentence (when documented).' }),
    ),
    aliases: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Other ids that answer as this project in checks and document lookups (when it has any).',
      }),
    ),
    categories: Type.Array(Type.String(), { description: 'Categories of the project.' }),
    website: Type.String({ format: 'uri', description: 'The project’s website.' }),
    versions: Type.Array(Type.String(), { description: 'Known versions, newest first.' }),
    verified: Type.Object(
      {
        oldest: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description:
            'The oldest lastVerified of the project’s entries (YYYY-MM-DD); null when an entry was never verified.',
        }),
        newest: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
          description: 'The newest lastVerified of its entries; null when none was verified.',
        }),
      },
      { description: 'How fresh the project’s evidence is, at a glance.' },
    ),
  },
  { description: 'A project in the index.' },
)

export const ProjectListSchema = Type.Object(
  { projects: Type.Array(ProjectIndexEntrySchema, { description: 'Every project, by id.' }) },
  { description: 'The project index.' },
)

export const ServiceInfoSchema = Type.Object(
  {
    name: Type.String({ description: 'Service name.' }),
    apiVersion: Type.String({ description: 'API version, part of the path prefix.' }),
    versionLookup: Type.Union([Type.Literal('exact'), Type.Literal('line')], {
      description:
        'How checks find a project version: exact (only a key equal to the request) or line (else the most specific documented line that covers it).',
    }),
    dataset: Type.Object(
      {
        version: Type.String({
          description: 'Content hash (sha256) of the data files being served.',
        }),
        projects: Type.Integer({ description: 'Number of projects.' }),
        entries: Type.Integer({
          description: 'Number of dependency entries (version × dependency).',
        }),
        loadedAt: Type.String({ format: 'date-time', description: 'When the dataset was loaded.' }),
      },
      { description: 'The dataset being served.' },
    ),
    links: Type.Record(Type.String(), Type.String(), {
      description: 'Where to go next: the endpoints and the documentation.',
    }),
  },
  { description: 'What this service is and what it serves.' },
)

export const HealthSchema = Type.Object(
  { status: Type.String({ description: 'ok, or why not.' }) },
  { description: 'Health state.' },
)

export const ShieldsEndpointSchema = Type.Object(
  {
    schemaVersion: Type.Literal(1, { description: 'The shields.io endpoint schema version: 1.' }),
    label: Type.String({
      description: 'The left text: the dependency and its version as requested (postgresql 18).',
    }),
    message: verdictSchema('The right text: the verdict of the single check.'),
    color: Type.String({
      description:
        'The right colour, a hex colour by verdict: green compatible, red incompatible, grey unknown.',
    }),
    cacheSeconds: Type.Integer({
      description: 'How long shields.io may keep the badge: the max-age of this answer.',
    }),
  },
  {
    additionalProperties: false,
    description: 'A single check in the shields.io endpoint badge schema.',
  },
)

export const SupportShieldsEndpointSchema = Type.Object(
  {
    schemaVersion: Type.Literal(1, { description: 'The shields.io endpoint schema version: 1.' }),
    label: Type.String({ description: 'The left text: the project and its version as requested.' }),
    message: Type.String({
      description:
        'The right text: supported until DATE, security fixes until DATE, end of life since DATE (the last supported day), unreleased or unknown.',
    }),
    color: Type.String({
      description:
        'The right colour, a hex colour by status: green supported, yellow security fixes only, red end of life, grey unknown or unreleased.',
    }),
    cacheSeconds: Type.Integer({
      description: 'How long shields.io may keep the badge: the max-age of this answer.',
    }),
  },
  {
    additionalProperties: false,
    description: 'A release line’s support in the shields.io endpoint badge schema.',
  },
)

export {
  CombinationCheckResultSchema,
  ComponentSupportSchema,
  DependencyIndexSchema,
  DependencyViewSchema,
  LifecycleResultSchema,
  PlanResultSchema,
  ProblemSchema,
  ProjectDocumentSchema,
  SingleCheckResultSchema,
  StackAnswerSchema,
  StackResultSchema,
  VersionsResultSchema,
}

export type ProjectIndexEntry = Static<typeof ProjectIndexEntrySchema>
export type ProjectList = Static<typeof ProjectListSchema>
export type ServiceInfo = Static<typeof ServiceInfoSchema>
export type Health = Static<typeof HealthSchema>
export type ShieldsEndpoint = Static<typeof ShieldsEndpointSchema>
export type SupportShieldsEndpoint = Static<typeof SupportShieldsEndpointSchema>
export type {
  ComponentSupport,
  LifecycleLineResult,
  LifecycleResult,
} from '../core/lifecycle/lifecycle-result.ts'
export type { SupportStatus } from '../core/lifecycle/support-status.ts'
export type { StackAnswer } from '../core/stack/stack-answer.ts'
export type {
  Blocking,
  CombinationCheckResult,
  Confidence,
  DependencyCheck,
  DependencyEntry,
  DependencyIndex,
  DependencyUse,
  DependencyView,
  PlanChange,
  PlanResult,
  PlanStep,
  Problem,
  ProjectDocument,
  SingleCheckResult,
  Source,
  StackPair,
  StackResult,
  Upstream,
  Verdict,
  VersionCheck,
  VersionsResult,
  VersionVerdict,
}
