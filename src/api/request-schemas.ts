/** Schemas of what clients send: they validate requests and describe them in OpenAPI. */
import { type Static, Type } from 'typebox'
import { POSTED_FILE_FORMATS, type PostedFormat } from '../data/readiness-inputs/posted-formats.ts'
import {
  DEPENDENCY_COUNT_TEXT,
  MAX_BODY_BYTES,
  MAX_DEPENDENCIES,
  MAX_SBOM_TEXT,
  MAX_VALUE_LENGTH,
  MIN_DEPENDENCIES,
} from './request-limits.ts'
import { NO_CONTROL_CHARACTERS } from './value-rules.ts'

/** A route that takes no query parameter: any one is a 400 naming it (docs/api.md). */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false })

const requestValue = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_VALUE_LENGTH,
    pattern: NO_CONTROL_CHARACTERS,
    description: `${description} Non-empty, at most ${MAX_VALUE_LENGTH} characters, no control characters.`,
  })

export const DependenciesRequestSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  minProperties: MIN_DEPENDENCIES,
  maxProperties: MAX_DEPENDENCIES,
  propertyNames: requestValue('A dependency key.'),
  additionalProperties: requestValue('A dependency version.'),
  description: `Dependency key to dependency version; ${DEPENDENCY_COUNT_TEXT} entries, each key and value under the value rules.`,
  examples: [{ python: '3.12.4', postgresql: '16.3' }],
})

export const ComponentsRequestSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  minProperties: MIN_DEPENDENCIES,
  maxProperties: MAX_DEPENDENCIES,
  propertyNames: requestValue('A component: a project id or alias, or a dependency key.'),
  additionalProperties: requestValue('The component’s version as deployed (v1.27.1, 16.4-alpine).'),
  description: `Component name to deployed version; ${DEPENDENCY_COUNT_TEXT} entries, each name and version under the value rules.`,
  examples: [
    { kubernetes: '1.33.2', cnpg: 'v1.27.1', postgresql: '17.2', 'cert-manager': '1.17.0' },
  ],
})

const namedVersionsParameter = (description: string) =>
  Type.String({ maxLength: MAX_BODY_BYTES, description })

export const CheckBodySchema = Type.Object(
  {
    project: requestValue('Project id or alias.'),
    version: requestValue(
      'Project version: a key of the project document; with the server in line lookup (GET /api/v1 versionLookup), also a release of a documented line.',
    ),
    dependencies: DependenciesRequestSchema,
  },
  { additionalProperties: false, description: 'A combination check.' },
)

export const CheckQuerySchema = Type.Object(
  {
    project: Type.Optional(requestValue('Project id or alias. Required.')),
    version: Type.Optional(
      requestValue(
        'Project version: a key of the project document; with the server in line lookup (GET /api/v1 versionLookup), also a release of a documented line. Required.',
      ),
    ),
    dependency: Type.Optional(
      requestValue('Dependency key from the project document. Required for the single check.'),
    ),
    dependencyVersion: Type.Optional(
      requestValue('Dependency version to test. Required for the single check.'),
    ),
    dependencies: Type.Optional(
      Type.String({
        maxLength: MAX_BODY_BYTES,
        description: `Combination form: a URL-encoded JSON object of dependency key to version (${DEPENDENCY_COUNT_TEXT} entries). When present, only project and version may accompany it.`,
      }),
    ),
  },
  { additionalProperties: false },
)

/** The day a support question is asked for: a real calendar date; today in UTC when absent. */
const dateParameter = (what: string) =>
  Type.Optional(
    Type.String({
      maxLength: 10,
      description: `The day ${what} is judged on, YYYY-MM-DD (a real calendar date); today in UTC when absent.`,
      examples: ['2027-06-30'],
    }),
  )

export const VersionsQuerySchema = Type.Object(
  {
    dependencies: namedVersionsParameter(
      `A URL-encoded JSON object of dependency name (a key of the project's documents, or another name of the project it links to) to version (${DEPENDENCY_COUNT_TEXT} entries).`,
    ),
    date: dateParameter('each version’s support'),
  },
  { additionalProperties: false },
)

export const DependencyParamsSchema = Type.Object({
  dependency: requestValue(
    'A dependency key as written in the data, or any name (id or alias) of the catalogued project it links to.',
  ),
})

export const BadgeParamsSchema = Type.Object({
  project: requestValue('Project id or alias, as in a single check.'),
  version: requestValue(
    'Project version: a key of the project document; with the server in line lookup (GET /api/v1 versionLookup), also a release of a documented line.',
  ),
  dependency: requestValue('Dependency key from the project document, as in a single check.'),
  dependencyVersion: requestValue(
    'Dependency version to test: the last path segment without its final .svg or .json (18.1.svg is 18.1).',
  ),
})

export const DependencyQuerySchema = Type.Object(
  {
    version: Type.Optional(
      requestValue(
        'A dependency version: every entry is judged against it as a single check would.',
      ),
    ),
    date: dateParameter('each row’s release line'),
  },
  { additionalProperties: false },
)

export const StackBodySchema = Type.Object(
  { components: ComponentsRequestSchema, date: dateParameter('each component’s support') },
  {
    additionalProperties: false,
    description: 'A stack: every component with its deployed version.',
  },
)

export const PlanBodySchema = Type.Object(
  {
    components: ComponentsRequestSchema,
    target: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        ...ComponentsRequestSchema,
        description: `Component name to the version it must have (1 or more; at most ${MAX_DEPENDENCIES} distinct names across components and target), such as {"kubernetes": "1.34"}. Required unless supportedOn is sent.`,
        examples: [{ kubernetes: '1.34' }],
      }),
    ),
    unknown: Type.Optional(
      Type.Unsafe<'block' | 'allow'>({
        type: 'string',
        enum: ['block', 'allow'],
        description:
          'block (the default): a plan with an undecidable pair, or a catalogued version no key covers, is not acceptable; allow: it is.',
      }),
    ),
    path: Type.Optional(
      Type.Boolean({
        description:
          'true: answer the steps that get there, one hop of one component each (its project’s upgrade rule), none breaking a pair that was acceptable before it. false (the default): the net moves only.',
      }),
    ),
    supportedOn: Type.Optional(
      Type.String({
        maxLength: 10,
        description:
          'A day, YYYY-MM-DD (a real calendar date): every component of the final stack whose project has lifecycle data must be on a release line supported (or security-only) on it. With it, target may be left out.',
        examples: ['2027-06-30'],
      }),
    ),
    prefer: Type.Optional(
      Type.Unsafe<'lowest' | 'newest'>({
        type: 'string',
        enum: ['lowest', 'newest'],
        description:
          'Which key a component that must move lands on, among plans that move as few components: lowest (the default), the smallest change; newest, its newest key that keeps the plan acceptable (and supported on supportedOn). Either way a component that may stay, stays. With path, the fewest steps still come first.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A stack, the versions some of its components must have (or the day they must all be supported on), whether to answer step by step, which keys to prefer, and how to treat what the evidence cannot decide.',
  },
)

export const StackPostQuerySchema = Type.Object(
  {
    date: dateParameter('each component’s support (for a JSON stack, instead of its date field)'),
    format: Type.Optional(
      Type.Unsafe<PostedFormat>({
        type: 'string',
        enum: [...POSTED_FILE_FORMATS],
        description: `Read the body as a file of this format instead of a JSON stack: ${POSTED_FILE_FORMATS.join(', ')} (auto: told from the content). The body may then be up to ${MAX_SBOM_TEXT}, sent as any JSON media type or as text/plain.`,
      }),
    ),
  },
  { additionalProperties: false },
)

export const StackQuerySchema = Type.Object(
  {
    components: namedVersionsParameter(
      `A URL-encoded JSON object of component name to deployed version (${DEPENDENCY_COUNT_TEXT} entries), as the POST body's components.`,
    ),
    date: dateParameter('each component’s support'),
  },
  { additionalProperties: false },
)

export const ReadinessQuerySchema = Type.Object(
  {
    target: Type.String({
      minLength: 3,
      maxLength: 256,
      description:
        'NAME@VERSION: a runtime (nodejs or node, python) or a package of the file (npm name; PyPI name, PEP 503 normalised), at a version of its ecosystem (npm: 24 and 24.1 read as 24.0.0 and 24.1.0). The last @ after the first character separates them (@types/node@22.0.0).',
      examples: ['nodejs@24', 'react@19.0.0', 'python@3.13'],
    }),
    format: Type.Optional(
      Type.Union(
        POSTED_FILE_FORMATS.map((format) => Type.Literal(format)),
        {
          description:
            'The body’s format; auto (the default) tells it from the content, as compat readiness does.',
        },
      ),
    ),
    date: dateParameter('the newest admitted release line’s support'),
  },
  { additionalProperties: false },
)

export const ProjectParamsSchema = Type.Object({
  project: Type.String({
    maxLength: 256,
    description: 'Project id as listed by the project index, or one of its aliases.',
  }),
})

export type CheckQuery = Static<typeof CheckQuerySchema>
export type CheckBody = Static<typeof CheckBodySchema>
export const LifecycleQuerySchema = Type.Object(
  { date: dateParameter('each release line') },
  { additionalProperties: false },
)

export const SupportBadgeParamsSchema = Type.Object({
  project: requestValue('Project id or alias.'),
  version: requestValue(
    'A version of the project as deployed (v1.34.2, 1.34): its release line is looked up.',
  ),
})

export type VersionsQuery = Static<typeof VersionsQuerySchema>
export type LifecycleQuery = Static<typeof LifecycleQuerySchema>
export type SupportBadgeParams = Static<typeof SupportBadgeParamsSchema>
export type DependencyQuery = Static<typeof DependencyQuerySchema>
export type BadgeParams = Static<typeof BadgeParamsSchema>
export type StackBody = Static<typeof StackBodySchema>
export type StackQuery = Static<typeof StackQuerySchema>
export type ReadinessQuery = Static<typeof ReadinessQuerySchema>
export type StackPostQuery = Static<typeof StackPostQuerySchema>
export type PlanBody = Static<typeof PlanBodySchema>
