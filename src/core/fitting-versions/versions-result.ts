/** The answer of the versions question (docs/api.md, "Versions that fit"): one schema for types, serialization and OpenAPI. */
import { type Static, Type } from 'typebox'
import { DependenciesSchema, evidenceFields, verdictSchema } from '../check/check-result.ts'
import { SupportStatusSchema } from '../lifecycle/lifecycle-result.ts'

const { notes: _notes, sources: _sources, ...verdictFields } = evidenceFields

export const VersionCheckSchema = Type.Object(
  {
    dependency: Type.String({ description: 'The requested dependency name.' }),
    dependencyVersion: Type.String({ description: 'The requested dependency version.' }),
    key: Type.Union([Type.String(), Type.Null()], {
      description:
        'The documented dependency key that answered: the requested name, or another name of the project it links to (k8s → kubernetes); null when the version documents neither.',
    }),
    ...verdictFields,
  },
  {
    additionalProperties: false,
    description:
      'One dependency judged against one documented version; the evidence itself is in the project document.',
  },
)

export const VersionVerdictSchema = Type.Object(
  {
    version: Type.String({ description: 'A documented version key of the project.' }),
    since: Type.Boolean({
      description:
        'True for a since key: it documents its release and the later ones of its line, laid over the line’s own key.',
    }),
    compatible: verdictSchema(
      'Aggregate of the checks: incompatible if any is; else unknown if any is; else compatible.',
    ),
    reason: Type.String({ description: 'One sentence summing up the checks.' }),
    status: SupportStatusSchema,
    checks: Type.Array(VersionCheckSchema, {
      description: 'One check per requested dependency, in request order.',
    }),
  },
  { additionalProperties: false, description: 'One documented version, judged as a combination.' },
)

export const VersionsResultSchema = Type.Object(
  {
    project: Type.String({
      description: 'Echo of the request (an id or an alias), byte for byte.',
    }),
    dependencies: DependenciesSchema,
    newestCompatible: Type.Union([Type.String(), Type.Null()], {
      description:
        'The newest documented key, not a pre-release, whose aggregate is compatible; null when none is.',
    }),
    date: Type.String({
      format: 'date',
      description: 'The day support is judged on (today in UTC when not given), YYYY-MM-DD.',
    }),
    newestSupportedCompatible: Type.Union([Type.String(), Type.Null()], {
      description:
        'The newest documented key, not a pre-release, whose aggregate is compatible and whose release line is supported or security-only on that day; null when none is.',
    }),
    versions: Type.Array(VersionVerdictSchema, {
      description: 'Every documented key, newest first.',
    }),
  },
  {
    additionalProperties: false,
    description: 'Which documented versions of a project fit the given dependency versions.',
  },
)

export type VersionCheck = Static<typeof VersionCheckSchema>
export type VersionVerdict = Static<typeof VersionVerdictSchema>
export type VersionsResult = Static<typeof VersionsResultSchema>
