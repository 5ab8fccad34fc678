/**
 * What a repository runs on, judged on a day (docs/cli.md, "compat scan"): each declaration
 * matched to a catalogued project and its release line, and the problems the rules find —
 * a pin past its end of life or on security fixes only, a range that admits a line past its
 * end of life, a catalogued pin with no readable version, and pinned pairs that the evidence
 * documents as incompatible, located at both ends.
 */
import { type Dataset, findProject } from '../dataset/build-dataset.ts'
import type { Lifecycle } from '../dataset/schema.ts'
import { componentMatcher } from '../identifiers/component-matcher.ts'
import { type FoundLine, findLifecycleLine } from '../lifecycle/find-lifecycle-line.ts'
import { supportStatus } from '../lifecycle/support-status.ts'
import { incompatiblePins } from './incompatible-pins.ts'
import { oldestAdmittedLine } from './oldest-admitted-line.ts'
import type { Declaration, SourceLocation } from './scan-declaration.ts'
import type { Finding, ScanJudgement, ScanProblem } from './scan-result.ts'
import { SCAN_RULE_IDS } from './scan-rules.ts'

/**
 * @param day YYYY-MM-DD, the day support is judged on
 * @example evaluateScan(dataset, [{ component: 'node', purl: 'pkg:docker/library/node', kind: 'image', text: 'node:16-alpine', declared: { version: '16' }, location: { file: 'Dockerfile', line: 1 } }], '2026-11-28').problems[0]?.rule // 'end-of-life'
 */
export function evaluateScan(
  dataset: Dataset,
  declarations: readonly Declaration[],
  day: string,
): ScanJudgement {
  const { matcher } = componentMatcher(dataset)
  const judged = declarations.flatMap((declaration) => {
    const project = matcher.projectOf({
      name: declaration.component,
      ...(declaration.purl === undefined ? {} : { purl: declaration.purl }),
    })
    if (project === null && declaration.onlyCatalogued === true) return []
    return [judge(dataset, declaration, project, day)]
  })
  judged.sort((a, b) => compareLocations(a.finding.location, b.finding.location))
  const problems: ScanProblem[] = judged.flatMap(({ problem }) =>
    problem === null ? [] : [problem],
  )
  problems.push(
    ...incompatiblePins(
      dataset,
      judged.map(({ finding }) => finding),
    ),
  )
  const order = (problem: ScanProblem) => SCAN_RULE_IDS.indexOf(problem.rule)
  problems.sort(
    (a, b) =>
      order(a) - order(b) ||
      compareLocations(a.locations[0] as SourceLocation, b.locations[0] as SourceLocation),
  )
  return { findings: judged.map(({ finding }) => finding), problems }
}

interface Judged {
  readonly finding: Finding
  readonly problem: ScanProblem | null
}

function judge(
  dataset: Dataset,
  declaration: Declaration,
  projectId: string | null,
  day: string,
): Judged {
  const project = projectId === null ? undefined : findProject(dataset, projectId)
  const lifecycle = project?.document.lifecycle
  const name = project?.document.name ?? declaration.component
  const { declared, location } = declaration
  const base = {
    component: declaration.component,
    project: projectId,
  }
  const tail = { kind: declaration.kind, declared: declaration.text, location }
  if ('unknown' in declared) {
    const finding: Finding = {
      ...base,
      version: null,
      releaseLine: null,
      status: 'unknown',
      supportUntil: null,
      ...tail,
    }
    const problem: ScanProblem | null =
      projectId === null
        ? null
        : {
            rule: 'unknown-version',
            message: `${declaration.text} names no version of ${name}: ${declared.unknown}; pin a version to have its support judged.`,
            locations: [location],
          }
    return { finding, problem }
  }
  const found = lineOf(lifecycle, declared)
  const standing = found === null ? null : supportStatus(found.line, day)
  const finding: Finding = {
    ...base,
    ...('version' in declared ? { version: declared.version } : { range: declared.range }),
    releaseLine: found?.key ?? null,
    status: standing?.status ?? 'unknown',
    supportUntil: found?.line.supportUntil ?? null,
    ...tail,
  }
  if (found === null || standing === null) return { finding, problem: null }
  const ended = endWords(found.line.supportUntil)
  const line = `${name} ${found.key}`
  if ('range' in declared) {
    if (standing.status !== 'end-of-life') return { finding, problem: null }
    return {
      finding,
      problem: {
        rule: 'range-admits-end-of-life',
        message: `${declaration.text} admits ${line}, the oldest line it admits, whose support ${ended}.`,
        locations: [location],
      },
    }
  }
  if (standing.status === 'end-of-life') {
    return {
      finding,
      problem: {
        rule: 'end-of-life',
        message: `${declaration.text} runs ${line}, whose support ${ended}.`,
        locations: [location],
      },
    }
  }
  if (standing.status === 'security-only') {
    const active = endWords(found.line.activeSupportUntil ?? true)
    const until =
      typeof found.line.supportUntil === 'string' ? `, until ${found.line.supportUntil}` : ''
    return {
      finding,
      problem: {
        rule: 'security-only',
        message: `${declaration.text} runs ${line}, which gets security fixes only${until} (active support ${active}).`,
        locations: [location],
      },
    }
  }
  return { finding, problem: null }
}

function lineOf(
  lifecycle: Lifecycle | undefined,
  declared: { readonly version: string } | { readonly ranges: readonly string[] },
): FoundLine | null {
  if (lifecycle === undefined) return null
  return 'version' in declared
    ? findLifecycleLine(lifecycle, declared.version)
    : oldestAdmittedLine(lifecycle, declared.ranges)
}

/** `ended on 2023-09-11`, or `ended on a day not published`. */
function endWords(end: string | true | null): string {
  return typeof end === 'string' ? `ended on ${end}` : 'ended on a day not published'
}

/** By file, then line. */
export function compareLocations(a: SourceLocation, b: SourceLocation): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line
}
