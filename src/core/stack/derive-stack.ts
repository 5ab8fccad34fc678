/**
 * A stack from what a file lists (an SBOM, a lockfile, `helm list`, `kubectl version`): each
 * component matched to a catalogued project, the stack those projects make at the versions
 * found, and everything the stack leaves out, named with where it is in the file
 * (docs/api.md, "Stacks from files").
 */
import { type Static, Type } from 'typebox'
import type { ComponentMatch, ComponentMatcher } from '../identifiers/component-matcher.ts'
import { packageUrl } from '../purl/package-url.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { parseVersion } from '../version/parse-version.ts'

/** A component as a reader found it. */
export interface FoundComponent {
  readonly name: string
  /** As the file writes it: the deployed version. */
  readonly version: string
  readonly purl?: string
  /** `helm list` only: the version of the application the chart deploys. */
  readonly appVersion?: string
  /** Where in the file: a JSON pointer, or a line. */
  readonly location: string
}

/** What a reader made of a file. */
export interface FoundStack {
  readonly format: string
  readonly components: readonly FoundComponent[]
  readonly duplicates: readonly {
    readonly name: string
    readonly kept: string
    readonly reason: string
    readonly others: readonly { readonly version: string; readonly location: string }[]
  }[]
  /** Parts of the file that are no component, and why (no version, not running …). */
  readonly leftOut: readonly {
    readonly name?: string
    readonly reason: string
    readonly location: string
  }[]
}

const LocationSchema = Type.String({
  description:
    'Where in the file: a JSON pointer (`/components/3`) in a JSON document, a line (`requirements.txt:12`) in a text file.',
})

const DuplicateSchema = Type.Object(
  {
    name: Type.String({
      description:
        'The component found at several versions (or the project several components name).',
    }),
    kept: Type.String({ description: 'The version the stack keeps.' }),
    reason: Type.String({
      description: 'Why that version: the root depends on it directly, or it is the highest.',
    }),
    others: Type.Array(
      Type.Object(
        {
          version: Type.String({ description: 'A version left out.' }),
          location: LocationSchema,
        },
        { additionalProperties: false },
      ),
      { description: 'Each other version once, where it was first found.' },
    ),
  },
  { additionalProperties: false, description: 'A name found at several versions.' },
)

export type Duplicate = Static<typeof DuplicateSchema>

export const DerivedStackSchema = Type.Object(
  {
    derivedFrom: Type.Object(
      {
        format: Type.String({
          description:
            'The format the file was read as: cyclonedx, spdx, package-lock, pnpm-lock, poetry-lock, uv-lock, pylock, requirements, helm-list or kubectl-version.',
        }),
        components: Type.Integer({
          description: 'Components found in the file, each name once.',
        }),
        matched: Type.Integer({
          description: 'Catalogued projects they matched: the stack’s components.',
        }),
      },
      { additionalProperties: false, description: 'What the stack was derived from.' },
    ),
    matches: Type.Array(
      Type.Object(
        {
          name: Type.String({ description: 'The component’s name in the file.' }),
          version: Type.String({ description: 'The version the stack takes for it.' }),
          project: Type.String({ description: 'The catalogued project it matched.' }),
          by: Type.Union([Type.Literal('purl'), Type.Literal('name')], {
            description: 'How: by its package URL, or by its name as a project id or alias.',
          }),
          location: LocationSchema,
        },
        { additionalProperties: false },
      ),
      { description: 'Each component that matched a catalogued project, in file order.' },
    ),
    unmatched: Type.Array(
      Type.Object(
        {
          name: Type.Union([Type.String(), Type.Null()], {
            description: 'The component’s name in the file; null when it gives none.',
          }),
          version: Type.Union([Type.String(), Type.Null()], {
            description: 'Its version; null when the file gives none.',
          }),
          purl: Type.Union([Type.String(), Type.Null()], {
            description: 'The package URL it was looked up by; null when by name.',
          }),
          reason: Type.String({ description: 'Why it is not in the stack.' }),
          nearest: Type.Array(Type.String(), {
            description: 'The nearest catalogued project names, nearest first.',
          }),
          location: LocationSchema,
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Every component left out of the stack, in file order: matching no catalogued project, or not usable as found (no version, not pinned, not running).',
      },
    ),
    duplicates: Type.Array(DuplicateSchema, {
      description:
        'Names found at several versions, and projects several components name at different versions: the version kept and the others.',
    }),
  },
  { additionalProperties: false },
)

export type DerivedStack = Static<typeof DerivedStackSchema> & {
  /** The stack: each matched project once, at the version kept, in file order. */
  readonly components: [string, string][]
}

const NO_PROJECT = 'no catalogued project has this name'
const NO_PURL = 'no catalogued project has this package URL'

/**
 * @example deriveStack(componentMatcher(dataset).matcher, { format: 'kubectl-version', components: [{ name: 'kubernetes', version: 'v1.33.2', location: '/serverVersion' }], duplicates: [], leftOut: [] }).components // [['kubernetes', 'v1.33.2']]
 */
export function deriveStack(matcher: ComponentMatcher, found: FoundStack): DerivedStack {
  const matches: DerivedStack['matches'] = []
  const unmatched: DerivedStack['unmatched'] = []
  for (const component of found.components) {
    const { match, version } = matchFound(matcher, component, found.format)
    if (match.project !== null) {
      const { name, location } = component
      matches.push({ name, version, project: match.project, by: match.by, location })
    } else {
      unmatched.push({
        name: component.name,
        version: component.version,
        purl: match.purl,
        reason: match.purl === null ? NO_PROJECT : NO_PURL,
        nearest: [...match.nearest],
        location: component.location,
      })
    }
  }
  for (const left of found.leftOut) {
    unmatched.push({
      name: left.name ?? null,
      version: null,
      purl: null,
      reason: left.reason,
      nearest: [],
      location: left.location,
    })
  }
  unmatched.sort((a, b) => compareLocations(a.location, b.location))
  const { components, duplicates } = onePerProject(matches)
  return {
    derivedFrom: {
      format: found.format,
      components: found.components.length,
      matched: components.length,
    },
    matches,
    unmatched,
    duplicates: [
      ...found.duplicates.map(({ name, kept, reason, others }) => ({
        name,
        kept,
        reason,
        others: others.map(({ version, location }) => ({ version, location })),
      })),
      ...duplicates,
    ],
    components,
  }
}

/**
 * A `helm list` release names a chart: a project that catalogues the chart itself (it writes
 * the chart's `pkg:helm` purl) is judged at the chart's version; a project matched by name is
 * the application the chart deploys (ingress-nginx's chart 4.11 deploys its controller 1.11),
 * judged at the release's app_version when it has one.
 */
function matchFound(
  matcher: ComponentMatcher,
  component: FoundComponent,
  format: string,
): { readonly match: ComponentMatch; readonly version: string } {
  if (format !== 'helm-list') {
    return { match: matcher.match(component), version: component.version }
  }
  const { name } = component
  const purl = packageUrl({ type: 'helm', name })
  const chart = matcher.match(purl === null ? { name } : { name, purl })
  if (chart.project !== null && chart.by === 'purl') {
    return { match: chart, version: component.version }
  }
  const match = matcher.match({ name })
  return { match, version: component.appVersion ?? component.version }
}

/** Two components may name one project (its npm package and its GitHub repository): one stays. */
function onePerProject(matches: DerivedStack['matches']): {
  readonly components: [string, string][]
  readonly duplicates: Duplicate[]
} {
  const byProject = new Map<string, DerivedStack['matches'][number][]>()
  for (const match of matches) {
    const list = byProject.get(match.project)
    if (list === undefined) byProject.set(match.project, [match])
    else list.push(match)
  }
  const components: [string, string][] = []
  const duplicates: Duplicate[] = []
  for (const [project, list] of byProject) {
    const kept = list.reduce((best, next) => (isHigher(next.version, best.version) ? next : best))
    components.push([project, kept.version])
    const others = new Map<string, string>()
    for (const { version, location } of list) {
      if (version !== kept.version && !others.has(version)) others.set(version, location)
    }
    if (others.size === 0) continue
    duplicates.push({
      name: project,
      kept: kept.version,
      reason: `several components name this project; ${kept.name} ${kept.version} is the highest`,
      others: [...others].map(([version, location]) => ({ version, location })),
    })
  }
  return { components, duplicates }
}

/** Whether `a` orders after `b`; a version outside the grammar never displaces another. */
function isHigher(a: string, b: string): boolean {
  const left = parseVersion(a)
  const right = parseVersion(b)
  return left !== null && right !== null && compareVersions(left, right) > 0
}

// File order: JSON pointers by their numbers, lines by their numbers.
const collator = new Intl.Collator('en', { numeric: true })
function compareLocations(a: string, b: string): number {
  return collator.compare(a, b)
}
