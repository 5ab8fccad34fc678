/**
 * The whole answer of `compat scan` (docs/cli.md, "compat scan"): what was read, what the
 * repository runs on, the problems, what could not be read, and whether the scan fails. One
 * schema for its type and for what `--format json` prints; the text and SARIF writers read
 * the same object.
 */
import { type Static, Type } from 'typebox'
import { PlanResultSchema } from '../plan/plan-result.ts'
import { FindingSchema, ScanProblemSchema } from './scan-result.ts'
import { SCAN_RULE_IDS } from './scan-rules.ts'

export const FileFaultSchema = Type.Object(
  {
    file: Type.String({
      description: 'The file or folder, relative to the scanned folder, with /.',
    }),
    line: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The line the fault is at; null for the whole file.',
    }),
    reason: Type.String({ description: 'Why it was not read, or what in it could not be.' }),
  },
  { additionalProperties: false, description: 'A file, or part of one, the scan could not read.' },
)

export const ScanReportSchema = Type.Object(
  {
    directory: Type.String({ description: 'The folder scanned, as given (. by default).' }),
    date: Type.String({ format: 'date', description: 'The day support is judged on, YYYY-MM-DD.' }),
    files: Type.Object(
      {
        seen: Type.Integer({
          minimum: 0,
          description: 'Files walked past (ignored and skipped folders not counted).',
        }),
        read: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
          description: 'Files read, by kind (dockerfile, compose, …).',
        }),
      },
      { additionalProperties: false, description: 'How much of the repository was read.' },
    ),
    findings: Type.Array(FindingSchema, {
      description: 'What the repository runs on, by file and line.',
    }),
    problems: Type.Array(ScanProblemSchema, {
      description: 'What the rules found, in rule order.',
    }),
    faults: Type.Array(FileFaultSchema, { description: 'What could not be read, by file.' }),
    failOn: Type.Array(Type.Enum(SCAN_RULE_IDS), {
      description: 'The rules whose problems fail the scan (--fail-on).',
    }),
    failed: Type.Boolean({
      description: 'Whether a problem of a --fail-on rule was found (exit 1).',
    }),
    plan: Type.Optional(
      Type.Union([PlanResultSchema, Type.Null()], {
        description:
          'With --plan: the path, one step at a time, to a stack supported on the day, from the oldest pin of each catalogued project; null when no pin is past its end of life.',
      }),
    ),
  },
  { additionalProperties: false, description: 'What compat scan found in a repository.' },
)

export type FileFaultResult = Static<typeof FileFaultSchema>
export type ScanReport = Static<typeof ScanReportSchema>
