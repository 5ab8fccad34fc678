/**
 * What a scan answers (docs/cli.md, "compat scan"): one schema for the types and for the
 * shape `compat scan --format json` prints.
 */
import { type Static, Type } from 'typebox'
import { SupportStatusSchema } from '../lifecycle/lifecycle-result.ts'
import { DECLARATION_KINDS } from './scan-declaration.ts'
import { SCAN_RULE_IDS } from './scan-rules.ts'

export const SourceLocationSchema = Type.Object(
  {
    file: Type.String({
      description: 'The file, relative to the scanned folder, with / between folders.',
    }),
    line: Type.Integer({ minimum: 1, description: 'The line in that file, from 1.' }),
  },
  { additionalProperties: false, description: 'Where a file says it.' },
)

const SupportEndSchema = Type.Union(
  [Type.String({ format: 'date' }), Type.Null(), Type.Literal(true)],
  {
    description:
      'The last day of any fixes of the release line: a date; null when none is announced or no line is known; true when it ended on a date not published.',
  },
)

export const FindingSchema = Type.Object(
  {
    component: Type.String({
      description:
        'The name as the file gives it: an image without its tag (node, quay.io/keycloak/keycloak), a tool, an engines key.',
    }),
    project: Type.Union([Type.String(), Type.Null()], {
      description: 'The catalogued project it is (its id), by package URL or name; null when none.',
    }),
    version: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'For a pin: the version read (20.11 from the tag 20.11-alpine); null when none can be read (latest, a digest alone). Absent for a range.',
      }),
    ),
    range: Type.Optional(
      Type.String({
        description:
          'For a range (engines, requires-python, kubeVersion): as written. Absent for a pin.',
      }),
    ),
    releaseLine: Type.Union([Type.String(), Type.Null()], {
      description:
        'The release line judged: the one covering the pinned version, or the oldest line the range admits; null when no lifecycle data covers it.',
    }),
    status: SupportStatusSchema,
    supportUntil: SupportEndSchema,
    kind: Type.Enum(DECLARATION_KINDS, {
      description:
        'What the file declares: an image, a version file, engines, … (docs/cli.md, "compat scan").',
    }),
    declared: Type.String({
      description: 'What the file writes, as written (node:20.11-alpine, >=3.9).',
    }),
    location: SourceLocationSchema,
  },
  {
    additionalProperties: false,
    description: 'One thing the repository runs on, where it says so, judged on the day.',
  },
)

export const ScanProblemSchema = Type.Object(
  {
    rule: Type.Enum(SCAN_RULE_IDS, {
      description:
        'The rule: end-of-life, incompatible, security-only, range-admits-end-of-life or unknown-version.',
    }),
    message: Type.String({ description: 'What is wrong, in a sentence.' }),
    locations: Type.Array(SourceLocationSchema, {
      minItems: 1,
      description: 'Where: the finding’s line; for incompatible, every line of either version.',
    }),
  },
  { additionalProperties: false, description: 'A problem a rule found.' },
)

export type SourceLocationResult = Static<typeof SourceLocationSchema>
export type Finding = Static<typeof FindingSchema>
export type ScanProblem = Static<typeof ScanProblemSchema>

export interface ScanJudgement {
  /** In file and line order. */
  readonly findings: readonly Finding[]
  /** In rule order (SCAN_RULES), then by first location. */
  readonly problems: readonly ScanProblem[]
}
