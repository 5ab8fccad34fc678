/**
 * The readiness answer (docs/api.md, "Readiness"): one schema for types, serialization and
 * the OpenAPI document, shared by the API and `compat readiness --json`.
 */
import { type Static, type TSchema, Type } from 'typebox'
import { SupportStatusSchema } from '../lifecycle/lifecycle-result.ts'

const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description })

export const ReadinessComponentSchema = Type.Object(
  {
    name: Type.String({ description: 'The package’s name, as its ecosystem spells it.' }),
    version: Type.String({ description: 'The version the file names.' }),
    location: Type.String({
      description:
        'Where the file names it: a JSON pointer in a JSON file (`/packages/node_modules~1react`), the key path of its entry in a YAML or TOML lockfile (`/packages/react@18.3.1`, `/package/3`), or `FILE:LINE` in a requirements file.',
    }),
    declared: nullable(
      Type.String(),
      'The range it declares for the target, as written: npm `engines.node` or `peerDependencies[NAME]`, PyPI `Requires-Python` or the `Requires-Dist` entry naming NAME; null when it declares nothing, or when what it declares could not be read (then `fault` says why).',
    ),
    source: nullable(
      Type.Union([Type.Literal('file'), Type.Literal('registry')]),
      'Where the range was read: the file itself, or the package registry at this exact version; null when no range was read.',
    ),
    admits: nullable(
      Type.Boolean(),
      'Whether the declared range admits the target version, by the ecosystem’s own rules (node-semver without pre-releases for npm, PEP 440 for Python); null when nothing is declared or the range does not parse.',
    ),
    fault: Type.Optional(
      Type.String({
        description:
          'Why nothing could be judged: a range that does not parse, a registry that failed or was not asked (offline), a version the registry does not list.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'One package of the file and what it declares for the target.',
  },
)

export const ReadinessBlockerSchema = Type.Object(
  {
    name: Type.String({ description: 'The package.' }),
    version: Type.String({ description: 'Its version in the file.' }),
    declared: Type.String({ description: 'The range it declares, which excludes the target.' }),
    lowestAdmitting: nullable(
      Type.String(),
      'The lowest published release above the current one (no pre-release, not deprecated or yanked) whose declared range admits the target; null offline, when the registry could not tell, or when none does.',
    ),
    newestAdmitting: nullable(
      Type.String(),
      'The newest published release (no pre-release, not deprecated or yanked) whose declared range admits the target, above or below the current one; null offline, when the registry could not tell, or when none does.',
    ),
  },
  {
    additionalProperties: false,
    description: 'A package whose declared range excludes the target.',
  },
)

export const NewestAdmittedSchema = Type.Object(
  {
    line: Type.String({ description: 'The runtime’s release line, such as 24.' }),
    latest: nullable(Type.String(), 'Its newest release when verified; null when not recorded.'),
    status: SupportStatusSchema,
    supportUntil: Type.Union([Type.String({ format: 'date' }), Type.Null(), Type.Literal(true)], {
      description:
        'The last day of any fixes for the line: a date; null when none is announced; true when it ended on a date not published.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'The newest catalogued release line of the runtime that every declared range admits and that is supported (or gets security fixes) on the day; when no such line is supported, the newest admitted one.',
  },
)

export const ReadinessAnswerSchema = Type.Object(
  {
    target: Type.Object(
      {
        name: Type.String({ description: 'Echo of the target’s name, as asked.' }),
        version: Type.String({ description: 'Echo of the target’s version, as asked.' }),
        project: nullable(
          Type.String(),
          'The catalogued project the target is (`nodejs`, `python`); null when none is.',
        ),
      },
      { additionalProperties: false, description: 'What every package is asked about.' },
    ),
    offline: Type.Boolean({
      description:
        'True when no registry was read: ranges come from the file alone, and nothing is proposed to move to.',
    }),
    date: Type.String({
      format: 'date',
      description: 'The day support is judged on (today in UTC when not given), YYYY-MM-DD.',
    }),
    verdict: Type.Union([Type.Literal('ready'), Type.Literal('blocked')], {
      description:
        'blocked when a package’s declared range excludes the target; else ready (packages that declare nothing do not block).',
    }),
    components: Type.Array(ReadinessComponentSchema, {
      description:
        'Every package of the target’s ecosystem in the file (the root aside), in file order.',
    }),
    blocking: Type.Array(ReadinessBlockerSchema, {
      description:
        'The packages whose declared range excludes the target, each name and version once, in file order.',
    }),
    silent: Type.Integer({
      minimum: 0,
      description: 'How many packages declare nothing for the target.',
    }),
    admittedRange: nullable(
      Type.String(),
      'The intersection of every declared range, written as one range in the ecosystem’s syntax (npm: `>=20.9.0 <21.0.0 || >=22.0.0`; PyPI: `>=3.9, <3.13`); null when none is declared.',
    ),
    newestAdmitted: Type.Union([NewestAdmittedSchema, Type.Null()], {
      description:
        'For a runtime target: the newest catalogued release line inside admittedRange, with its support on the day; null for a package target, or when no catalogued line is admitted.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Whether every package of a file takes a target version, from what each declares.',
  },
)

export type ReadinessComponent = Static<typeof ReadinessComponentSchema>
export type ReadinessBlocker = Static<typeof ReadinessBlockerSchema>
export type NewestAdmitted = Static<typeof NewestAdmittedSchema>
export type ReadinessAnswer = Static<typeof ReadinessAnswerSchema>
