/**
 * The project document (docs/api.md, "Project documents"): the file on disk and the API response
 * share this one schema. Every field carries a description; it flows into the OpenAPI
 * document, the generated JSON Schema for editors, and editor help.
 */
import { type Static, Type } from 'typebox'

export const ID_PATTERN = '^[a-z0-9][a-z0-9._-]{0,127}$'
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
export const HTTP_URL_PATTERN = '^https?://[^\\s]+$'

const DateString = (description: string) =>
  Type.String({ pattern: DATE_PATTERN, format: 'date', description })

/** The three evidence levels, described for where they appear. */
export const confidenceSchema = (description: string) =>
  Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')], { description })

export const ConfidenceSchema = confidenceSchema(
  'Evidence quality. high: official documentation or tagged upstream source, verified on lastVerified; medium: official but indirect (release notes, maintainer statements); low: anything else.',
)

export const SourceSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, description: 'Title of the page or file that was read.' }),
    url: Type.String({
      pattern: HTTP_URL_PATTERN,
      format: 'uri',
      description: 'Address of the source (http or https).',
    }),
    accessedAt: DateString('Date the source was read, YYYY-MM-DD.'),
  },
  { additionalProperties: false, description: 'A source the evidence was taken from.' },
)

export const ConstraintSchema = Type.Object(
  {
    type: Type.Literal('same-version', {
      description:
        'same-version: the dependency version must equal the requested project version (by version ordering).',
    }),
  },
  { additionalProperties: false, description: 'A compatibility rule that is not a range.' },
)

export const DependencyEntrySchema = Type.Object(
  {
    ranges: Type.Array(
      Type.String({
        description:
          'An exact version (a whole release series) or a comparator set such as ">=3.10 <3.14".',
      }),
      {
        description:
          'Documented compatible ranges; alternatives, the first match wins. May be empty.',
      },
    ),
    constraints: Type.Optional(
      Type.Array(ConstraintSchema, {
        description: 'Constraints other than ranges, such as same-version.',
      }),
    ),
    basis: Type.Optional(
      Type.Union([Type.Literal('supported'), Type.Literal('tested')], {
        description:
          'What the ranges are. supported (the default): the versions the source documents as supported, so any other version is incompatible. tested: only the versions the source reports as tested, so a version outside them is unknown, not incompatible.',
      }),
    ),
    relationship: Type.String({
      minLength: 1,
      description:
        'How the project uses the dependency: runtime, database, bundled, installer, hub runtime, …',
    }),
    confidence: ConfidenceSchema,
    lastVerified: Type.Union([DateString('Date the evidence was last verified.'), Type.Null()], {
      description: 'Date the evidence was last verified (YYYY-MM-DD), or null.',
    }),
    notes: Type.Array(Type.String({ description: 'A note in the maintainers’ own words.' }), {
      description: 'Free-text notes about the evidence.',
    }),
    sources: Type.Array(SourceSchema, { description: 'Where the evidence comes from.' }),
    importedFrom: Type.Optional(
      Type.Union([Type.Literal('helm-index'), Type.Literal('npm'), Type.Literal('pypi')], {
        description:
          'Written by this importer from packaging metadata (compat import helm-index, npm or pypi); the importer rewrites the entries marked with its name and never touches others.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'What one project version documents about one dependency.',
  },
)

export const UpgradeNoteSchema = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      description: 'What the page is, such as "Upgrading from v1.14 to v1.15".',
    }),
    url: Type.String({
      pattern: HTTP_URL_PATTERN,
      format: 'uri',
      description:
        'Where it is, pinned to the release: a versioned page, or a file at a tag or commit (never a moving branch or a latest page).',
    }),
  },
  {
    additionalProperties: false,
    description:
      'The upstream’s upgrade guide or breaking-change notes for moving to this version.',
  },
)

export const ProjectVersionSchema = Type.Object(
  {
    since: Type.Optional(
      Type.Boolean({
        description:
          'true: the key documents that release and every later release of its line (the key without its last part: 1.27.1 → 1.27) up to the next since key of the line; line lookup lays its entries over the line’s own key. Only on keys of two or more release parts.',
      }),
    ),
    dependencies: Type.Record(Type.String(), DependencyEntrySchema, {
      description: 'Keys are dependency keys, specific to the project.',
    }),
    upgradeNotes: Type.Optional(
      Type.Array(UpgradeNoteSchema, {
        description:
          'What to read before upgrading to this version: the upstream’s upgrade guide or breaking-change notes for moving to it from the version before (docs/api.md, "Upgrade notes"). Upgrade path steps that land on the key carry them as notes.',
      }),
    ),
  },
  { additionalProperties: false, description: 'One project version.' },
)

export const GITHUB_REPOSITORY_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$'
const UPSTREAM_NAME = '^[A-Za-z0-9@][A-Za-z0-9._/@-]{0,213}$'

export const UpstreamSchema = Type.Union(
  [
    Type.Object(
      {
        github: Type.String({
          pattern: GITHUB_REPOSITORY_PATTERN,
          description: 'The GitHub repository, owner/name: its tags are the releases.',
        }),
        tagPattern: Type.Optional(
          Type.String({
            minLength: 1,
            description:
              'A regular expression a release tag matches, its first group the version, such as ^v(\\d+\\.\\d+\\.\\d+)$. Without it, any tag that reads as a final release (a v prefix allowed).',
          }),
        ),
      },
      { additionalProperties: false, description: 'Releases are the tags of a GitHub repository.' },
    ),
    Type.Object(
      {
        npm: Type.String({
          pattern: UPSTREAM_NAME,
          description: 'The npm package name, such as express or @nestjs/core.',
        }),
      },
      { additionalProperties: false, description: 'Releases are the versions of an npm package.' },
    ),
    Type.Object(
      {
        pypi: Type.String({
          pattern: UPSTREAM_NAME,
          description: 'The PyPI project name, such as Django.',
        }),
      },
      { additionalProperties: false, description: 'Releases are the versions of a PyPI project.' },
    ),
    Type.Object(
      {
        helm: Type.Object(
          {
            repository: Type.String({
              pattern: HTTP_URL_PATTERN,
              format: 'uri',
              description: 'The chart repository: the URL its index.yaml is under.',
            }),
            chart: Type.String({ minLength: 1, description: 'The chart name in that index.' }),
          },
          { additionalProperties: false, description: 'A chart in a Helm chart repository.' },
        ),
      },
      {
        additionalProperties: false,
        description: 'Releases are the versions of a chart in a Helm repository.',
      },
    ),
  ],
  {
    description:
      'Where the project publishes its releases, for compat outdated: exactly one of github (with an optional tagPattern), npm, pypi or helm.',
  },
)

/** An end of support: a date, null (not announced: ongoing) or true (ended, no date published). */
const supportEnd = (what: string) =>
  Type.Union(
    [
      DateString(`The last day of ${what}, YYYY-MM-DD.`),
      Type.Null({ description: `${what}: no end announced (ongoing).` }),
      Type.Literal(true, { description: `${what}: ended, on a date not published.` }),
    ],
    {
      description: `The last day of ${what}: a date, null (not announced, ongoing) or true (ended, date not published).`,
    },
  )

export const LifecycleLineSchema = Type.Object(
  {
    released: DateString('The day the line’s first release came out, YYYY-MM-DD.'),
    activeSupportUntil: Type.Optional(supportEnd('bug fixes beyond security fixes')),
    supportUntil: supportEnd('any fixes, security included (the end of life)'),
    extendedSupportUntil: Type.Optional(supportEnd('a paid or extended support programme')),
    lts: Type.Optional(Type.Boolean({ description: 'true: the vendor calls this line LTS.' })),
    latest: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'The newest release of the line when it was verified, such as 1.34.11.',
      }),
    ),
    sources: Type.Optional(
      Type.Array(SourceSchema, {
        description: 'Where this line’s dates come from, when not the block’s sources.',
      }),
    ),
  },
  { additionalProperties: false, description: 'The support window of one release line.' },
)

export const LifecycleSchema = Type.Object(
  {
    confidence: ConfidenceSchema,
    lastVerified: Type.Union([DateString('Date the dates were last verified.'), Type.Null()], {
      description: 'Date the support windows were last verified (YYYY-MM-DD), or null.',
    }),
    sources: Type.Array(SourceSchema, {
      description: 'Where the support windows come from (a line may name its own).',
    }),
    notes: Type.Optional(
      Type.Array(Type.String({ description: 'A note in the maintainers’ own words.' }), {
        description: 'Notes on the support policy, and how any date was derived from it.',
      }),
    ),
    importedFrom: Type.Optional(
      Type.Literal('endoflife', {
        description:
          'Written by compat import endoflife from endoflife.date’s product files; the importer rewrites a block marked so and never touches a hand-written one.',
      }),
    ),
    lines: Type.Record(Type.String(), LifecycleLineSchema, {
      description:
        'Keys are release lines, with the grammar of version keys: 1.34 covers every 1.34.x.',
    }),
    undatedLines: Type.Optional(
      Type.Array(
        Type.String({
          minLength: 1,
          description: 'A release line, such as 2.21, that is not under lines.',
        }),
        {
          description:
            'Release lines the project has released (it has version keys for them) whose dates no source read so far gives: named so that validation accepts those keys, which otherwise must not outrun the newest line. Their versions have no support status (unknown) until the line is added under lines; the notes say what was looked for.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Support windows per release line (docs/api.md, "Support windows"): when each line came out and until when it gets fixes.',
  },
)

export const UpgradesSchema = Type.Object(
  {
    step: Type.Optional(
      Type.Union([Type.Literal('minor'), Type.Literal('major')], {
        description:
          'minor: one minor line at a time (1.31 → 1.32, within a major); major: one major at a time (30 → 31).',
      }),
    ),
    stops: Type.Optional(
      Type.Array(
        Type.String({
          minLength: 1,
          description: 'A required stop: a release line (16.3) no move may pass over.',
        }),
        { description: 'Required upgrade stops, as the project numbers them.' },
      ),
    ),
    confidence: ConfidenceSchema,
    lastVerified: Type.Union([DateString('Date the rule was last verified.'), Type.Null()], {
      description: 'Date the upgrade rule was last verified (YYYY-MM-DD), or null.',
    }),
    notes: Type.Optional(
      Type.Array(Type.String({ description: 'A note in the maintainers’ own words.' }), {
        description: 'What the rule says and what it covers (the control plane only, say).',
      }),
    ),
    sources: Type.Array(SourceSchema, { description: 'Where the rule is documented.' }),
  },
  {
    additionalProperties: false,
    description:
      'The documented rule for moving between releases (docs/api.md, "Upgrade paths"): one line or one major at a time, and required stops.',
  },
)

export const PURL_PATTERN = '^pkg:[A-Za-z][A-Za-z0-9.+-]*/[^\\s]+$'

export const IdentifierSchema = Type.Union(
  [
    Type.Object(
      {
        purl: Type.String({
          pattern: PURL_PATTERN,
          description:
            'A package URL without version or qualifiers, such as pkg:npm/next or pkg:github/kubernetes/kubernetes.',
        }),
      },
      { additionalProperties: false, description: 'A package URL (purl) naming the project.' },
    ),
    Type.Object(
      {
        cpe: Type.String({
          pattern: '^cpe:2\\.3:[aho*-]:[^\\s]+$',
          description: 'A CPE 2.3 name, such as cpe:2.3:a:kubernetes:kubernetes.',
        }),
      },
      { additionalProperties: false, description: 'A CPE 2.3 name of the product.' },
    ),
    Type.Object(
      {
        repology: Type.String({
          pattern: '^[A-Za-z0-9][A-Za-z0-9._:+-]*$',
          description: 'The project’s name at Repology, such as kubernetes.',
        }),
      },
      { additionalProperties: false, description: 'The project’s Repology name.' },
    ),
  ],
  { description: 'One identifier of the project: a purl, a CPE or a Repology name.' },
)

export const ProjectDocumentSchema = Type.Object(
  {
    id: Type.String({
      pattern: ID_PATTERN,
      description: 'Stable project id, equal to the file name.',
    }),
    name: Type.String({ minLength: 1, description: 'Display name.' }),
    description: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description: 'What the project is, in one sentence.',
      }),
    ),
    aliases: Type.Optional(
      Type.Array(
        Type.String({
          pattern: ID_PATTERN,
          description: 'Another id that answers as this project, such as another service’s id.',
        }),
        {
          description:
            'Other ids (lowercase slugs) that answer as this project in checks and document lookups; unique across every id and alias.',
        },
      ),
    ),
    categories: Type.Array(Type.String({ minLength: 1, description: 'A category.' }), {
      description: 'Categories of the project.',
    }),
    website: Type.String({
      pattern: HTTP_URL_PATTERN,
      format: 'uri',
      description: 'The project’s website.',
    }),
    upstream: Type.Optional(UpstreamSchema),
    identifiers: Type.Optional(
      Type.Array(IdentifierSchema, {
        description:
          'How SBOMs, lockfiles and other catalogues name the project (docs/api.md, "Identifiers").',
      }),
    ),
    lifecycle: Type.Optional(LifecycleSchema),
    upgrades: Type.Optional(UpgradesSchema),
    versions: Type.Record(Type.String(), ProjectVersionSchema, {
      description: 'Keys are project version strings, looked up by exact key; listed newest first.',
    }),
  },
  { additionalProperties: false, description: 'The compatibility document of one project.' },
)

export type Confidence = Static<typeof ConfidenceSchema>
export type Source = Static<typeof SourceSchema>
export type DependencyEntry = Static<typeof DependencyEntrySchema>
export type ProjectVersion = Static<typeof ProjectVersionSchema>
export type ProjectDocument = Static<typeof ProjectDocumentSchema>
export type Upstream = Static<typeof UpstreamSchema>
export type LifecycleLine = Static<typeof LifecycleLineSchema>
export type Lifecycle = Static<typeof LifecycleSchema>
export type Identifier = Static<typeof IdentifierSchema>
export type Upgrades = Static<typeof UpgradesSchema>
export type UpgradeNote = Static<typeof UpgradeNoteSchema>
