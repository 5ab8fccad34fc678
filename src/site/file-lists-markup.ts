/**
 * What a file derived, as lists (docs/web.md, "The stack page"): what matched, what is not in
 * the stack and why, and the names found at several versions; long lists folded, very long
 * ones summed up after their first items.
 */
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { codeSpans } from './code-spans.ts'
import { el, type MarkupChild, type MarkupElement } from './markup.ts'
import { projectPath } from './page-paths.ts'

/** Lists longer than this are folded into a `<details>` that names their length. */
export const LONG_LIST = 10

/** What a page shows of a name, version or location from the file, at most (characters). */
export const MAX_SHOWN_LENGTH = 200

/** What one file derived: how it was read, what matched, what did not, what came twice. */
export type FileParts = Pick<
  DerivedStackAnswer,
  'derivedFrom' | 'matches' | 'unmatched' | 'duplicates'
>

/** How much of a long list a result shows. */
export interface ListLimits {
  /** Components left out, and names found at several versions, listed at most. */
  readonly listed: number
}

/** What matched, what is not in the stack, and what came at several versions, headed as `level`. */
export function fileLists(
  { matches, unmatched, duplicates }: FileParts,
  { listed }: ListLimits,
  level: 'h3' | 'h4',
): MarkupChild[] {
  return [
    el(level, {}, `Matched (${matches.length})`),
    matches.length === 0
      ? el('p', { class: 'muted' }, 'No component matched a catalogued project.')
      : foldedList(
          'Matched components',
          `${count(matches.length, 'component', 'components')} matched`,
          matches.map((match) =>
            el(
              'li',
              {},
              el('strong', {}, shown(match.name)),
              ' → ',
              el('a', { href: projectPath(match.project) }, match.project),
              ' ',
              el('span', { class: 'version' }, shown(match.version)),
              el(
                'span',
                { class: 'muted' },
                ` (by ${match.by === 'purl' ? 'package URL' : 'name'}, ${where(match.location)})`,
              ),
            ),
          ),
        ),
    el(level, {}, `Not in the stack (${unmatched.length})`),
    unmatched.length === 0
      ? el('p', { class: 'muted' }, 'Every component found is in the stack.')
      : foldedList(
          'Components not in the stack',
          `${count(unmatched.length, 'component', 'components')} not in the stack, with why`,
          unmatched.slice(0, listed).map((item) =>
            el(
              'li',
              {},
              el('strong', {}, item.name === null ? '(no name)' : shown(item.name)),
              item.version === null
                ? null
                : [' ', el('span', { class: 'version' }, shown(item.version))],
              item.purl === null ? null : [' ', el('span', { class: 'purl' }, shown(item.purl))],
              ': ',
              codeSpans(item.reason),
              el('span', { class: 'muted' }, ` (${where(item.location)})`),
              item.nearest.length === 0
                ? null
                : el(
                    'span',
                    { class: 'block' },
                    'Nearest catalogued names: ',
                    item.nearest.map((name, index) => [
                      index === 0 ? '' : ', ',
                      el('a', { href: projectPath(name) }, name),
                    ]),
                  ),
            ),
          ),
          unmatched.length,
        ),
    duplicates.length === 0
      ? null
      : [
          el(level, {}, `Found at several versions (${duplicates.length})`),
          foldedList(
            'Found at several versions',
            `${count(duplicates.length, 'name', 'names')} found at several versions`,
            duplicates.slice(0, listed).map((duplicate) =>
              el(
                'li',
                {},
                el('strong', {}, shown(duplicate.name)),
                ': kept ',
                el('span', { class: 'version' }, shown(duplicate.kept)),
                ` (${shown(duplicate.reason)}); also `,
                duplicate.others
                  .slice(0, listed)
                  .map((other, index) => [
                    index === 0 ? '' : ', ',
                    el('span', { class: 'version' }, shown(other.version)),
                    ` ${where(other.location)}`,
                  ]),
                duplicate.others.length > listed
                  ? ` and ${(duplicate.others.length - listed).toLocaleString('en')} more`
                  : null,
              ),
            ),
            duplicates.length,
          ),
        ],
  ]
}

/**
 * A list, folded into a `<details>` naming its length when it is long; `total`: the list's
 * length when only some of its items are given, the rest summed up after them.
 */
function foldedList(
  label: string,
  summary: string,
  items: MarkupElement[],
  total = items.length,
): MarkupElement {
  const list = el('ul', { class: 'file-list', 'aria-label': label }, items)
  if (total <= LONG_LIST) return list
  const rest =
    total > items.length
      ? el(
          'p',
          { class: 'hint' },
          `${(total - items.length).toLocaleString('en')} more are not listed here; the API’s answer for this file (POST /api/v1/stack) lists every one.`,
        )
      : null
  return el('details', { class: 'file-details' }, el('summary', {}, summary), list, rest)
}

function where(location: string): string {
  return location === '' ? 'the whole file' : `at ${shown(location)}`
}

/** Text from the file, cut to what a page shows of it. */
export function shown(text: string): string {
  return text.length <= MAX_SHOWN_LENGTH ? text : `${text.slice(0, MAX_SHOWN_LENGTH - 1)}…`
}

export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}
