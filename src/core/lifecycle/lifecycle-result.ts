/**
 * The answers about support windows (docs/api.md, "Support windows"): one schema for types,
 * serialization and OpenAPI.
 */
import { type Static, Type } from 'typebox'
import { ConfidenceSchema, SourceSchema } from '../dataset/schema.ts'

export const SupportStatusSchema = Type.Union(
  [
    Type.Literal('unreleased'),
    Type.Literal('supported'),
    Type.Literal('security-only'),
    Type.Literal('end-of-life'),
    Type.Literal('unknown'),
  ],
  {
    description:
      'On the day asked: unreleased (before the line came out), supported, security-only (security fixes only), end-of-life, or unknown (no lifecycle data covers it).',
  },
)

const DateText = (description: string) => Type.String({ format: 'date', description })

/** A support end as answered: a date, null (none announced) or true (ended, no date published). */
const SupportEndSchema = (what: string) =>
  Type.Union([DateText(`The last day of ${what}.`), Type.Null(), Type.Literal(true)], {
    description: `The last day of ${what}: a date; null when none is announced (or the field is not given); true when it ended on a date not published.`,
  })

const DaysLeftSchema = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description:
    'Days from the day asked to the end of life: 0 on its last day; null when that end is no date or already past.',
})

export const LifecycleLineResultSchema = Type.Object(
  {
    line: Type.String({ description: 'The release line, such as 1.34: it covers every 1.34.x.' }),
    released: DateText('The day the line came out.'),
    activeSupportUntil: SupportEndSchema('bug fixes beyond security fixes'),
    supportUntil: SupportEndSchema('any fixes, security included (the end of life)'),
    extendedSupportUntil: SupportEndSchema('a paid or extended support programme'),
    lts: Type.Boolean({ description: 'Whether the vendor calls the line LTS.' }),
    latest: Type.Union([Type.String(), Type.Null()], {
      description: 'The newest release of the line when verified; null when not recorded.',
    }),
    status: SupportStatusSchema,
    daysLeft: DaysLeftSchema,
    sources: Type.Array(SourceSchema, {
      description:
        'Where this line’s dates come from, when the line cites its own (they replace the block’s for it); empty when the block’s sources cover it.',
    }),
  },
  { additionalProperties: false, description: 'One release line and where it stands on the day.' },
)

export const LifecycleResultSchema = Type.Object(
  {
    project: Type.String({
      description: 'Echo of the request (an id or an alias), byte for byte.',
    }),
    date: DateText('The day asked (today in UTC when not given), YYYY-MM-DD.'),
    confidence: ConfidenceSchema,
    lastVerified: Type.Union([DateText('When the windows were last verified.'), Type.Null()], {
      description: 'When the support windows were last verified; null when never.',
    }),
    notes: Type.Array(Type.String(), { description: 'Notes on the support policy.' }),
    sources: Type.Array(SourceSchema, {
      description:
        'Where the windows come from: the block’s sources (a line that cites its own carries them in lines[].sources).',
    }),
    lines: Type.Array(LifecycleLineResultSchema, {
      description:
        'Every release line, newest first; empty when the project has no lifecycle data.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Which release lines of a project are supported on a day.',
  },
)

export const ComponentSupportSchema = Type.Object(
  {
    component: Type.String({ description: 'The component, as sent.' }),
    version: Type.String({ description: 'Its version, as sent.' }),
    project: Type.Union([Type.String(), Type.Null()], {
      description: 'The catalogued project it names (its id); null for a name that names none.',
    }),
    line: Type.Union([Type.String(), Type.Null()], {
      description: 'The release line covering the version; null when no line does.',
    }),
    status: SupportStatusSchema,
    supportUntil: SupportEndSchema('any fixes (the end of life)'),
    activeSupportUntil: SupportEndSchema('bug fixes beyond security fixes'),
    daysLeft: DaysLeftSchema,
  },
  {
    additionalProperties: false,
    description:
      'Where one component’s release line stands on the day; it never changes the compatibility verdict.',
  },
)

export type SupportEnd = string | true | null
export type LifecycleLineResult = Static<typeof LifecycleLineResultSchema>
export type LifecycleResult = Static<typeof LifecycleResultSchema>
export type ComponentSupport = Static<typeof ComponentSupportSchema>
