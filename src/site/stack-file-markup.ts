/**
 * The stack page's file form and what it shows for a file (docs/web.md, "The stack page"): an
 * SBOM, a lockfile, a requirements file or what `helm list` or `kubectl version` prints, read
 * and matched to catalogued projects by the server (docs/api.md, "Stacks from files"). The
 * form posts without a script; the script reads a dropped or chosen file into it. "From your
 * file" says what the file was read as, what matched and what did not, with why and where.
 */

import { formatName } from '../api/file-format-names.ts'
import { MAX_DEPENDENCIES, MAX_FORM_FILES, MAX_SBOM_TEXT } from '../api/request-limits.ts'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import { codeSpans } from './code-spans.ts'
import { count, type FileParts, fileLists, type ListLimits, shown } from './file-lists-markup.ts'
import { el, type MarkupChild, type MarkupElement } from './markup.ts'
import { type ReadinessOutcome, readinessField } from './readiness-markup.ts'

/** The form field that carries the file's text. */
export const STACK_FILE_FIELD = 'file'
/** Where the form posts: the stack page, scrolled to what it made of the file. */
export const STACK_FILE_ACTION = '/stack#file-result'
/**
 * Components left out (and names found at several versions) listed at most: a file of 60,000
 * unknown packages is summed up after these, not drawn as 60,000 rows (the API's answer lists
 * every one).
 */
export const MAX_LISTED = 1_000

/** A reason a file could not be read, and where: a JSON pointer, a line; '' for the whole file. */
export interface FileFault {
  readonly reason: string
  readonly location: string
}

/** What came of a file: the stack derived from it, its faults, or why it was not read. */
export type StackFileOutcome =
  | {
      readonly derived: DerivedStackAnswer
      /**
       * Several files of one deployment, their stacks merged into `derived`'s: what each
       * derived, in the order posted.
       */
      readonly files?: readonly FileParts[]
    }
  /** The first faults; `faultCount` the file's faults in all, when more than are given. */
  | { readonly faults: readonly FileFault[]; readonly faultCount?: number }
  | { readonly refused: string }

/** The stack page after a file was posted to it. */
export interface StackFileView {
  /** The file's text, kept in the box; '' when it is not sent back. */
  readonly text: string
  /** The further files' texts, each kept in a box of its own (absent: none). */
  readonly others?: readonly string[]
  readonly outcome: StackFileOutcome
  /** The file's size in bytes when it is too large to be sent back in the box. */
  readonly textOmitted?: number
  /** How much of a long list the result shows; `MAX_LISTED` when not given. */
  readonly limits?: ListLimits
  /** "Can it take …?": the target asked, kept in its field, and what readiness answered. */
  readonly readiness?: { readonly target: string; readonly outcome: ReadinessOutcome | null }
}

/** The form: a box for the file's text, posted to the page itself (it works without a script). */
export function stackFileForm(
  text = '',
  target = '',
  others: readonly string[] = [],
): MarkupElement {
  return el(
    'section',
    { class: 'stack-file', 'aria-labelledby': 'stack-file-heading' },
    el('h2', { id: 'stack-file-heading' }, 'Stack from a file'),
    el(
      'form',
      {
        class: 'stack-file-form',
        method: 'post',
        action: STACK_FILE_ACTION,
        'accept-charset': 'utf-8',
        'aria-labelledby': 'stack-file-heading',
      },
      el(
        'p',
        { class: 'hint', id: 'stack-file-hint' },
        `An SBOM (CycloneDX 1.4 to 1.6 or SPDX 2.3 JSON), a lockfile (npm package-lock.json, pnpm-lock.yaml, poetry.lock, uv.lock, pylock.toml), a pip requirements.txt, or what helm list -o json or kubectl version -o json prints, up to ${MAX_SBOM_TEXT}. Its components are matched to catalogued projects, by package URL or else by name, and the stack they make is checked. A requirements file’s -r includes cannot be followed here: they are listed as left out.`,
      ),
      fileBox(0, text),
      others.map((other, index) => fileBox(index + 1, other)),
      others.length + 1 < MAX_FORM_FILES ? fileBox(others.length + 1, '') : null,
      readinessField(target),
      el('button', { type: 'submit', id: 'read-stack-file' }, 'Read file and check'),
    ),
  )
}

/**
 * A box for a file's text: the first, required, and each further file of the same deployment
 * (its stack merged with the others'), the last of them left empty for one more.
 */
export function fileBox(index: number, text: string): MarkupElement {
  const id = fileBoxId(index)
  const first = index === 0
  return el(
    'div',
    { class: first ? 'field' : 'field file-more' },
    el(
      'label',
      { for: id },
      first
        ? 'File contents'
        : text === ''
          ? 'Another file of the same deployment (optional)'
          : `File ${index + 1} contents`,
    ),
    el(
      'textarea',
      {
        id,
        name: STACK_FILE_FIELD,
        rows: first ? '8' : '4',
        required: first,
        spellcheck: 'false',
        autocomplete: 'off',
        autocapitalize: 'off',
        'aria-describedby': first ? 'stack-file-hint' : 'stack-file-more-hint',
      },
      // The parser drops one newline right after <textarea>: a text that starts with one
      // keeps it (its lines keep their numbers).
      text.startsWith('\n') ? `\n${text}` : text,
    ),
    // Said once, under the second box; the boxes after it refer to it.
    index === 1
      ? el(
          'p',
          { class: 'hint', id: 'stack-file-more-hint' },
          `Files of one deployment are read apart and their stacks merged: a cluster’s kubectl version -o json beside its helm list -o json, say (up to ${MAX_FORM_FILES} files, ${MAX_SBOM_TEXT} together). Each project must be at one version in all of them.`,
        )
      : null,
  )
}

/** The id of the box of the file at `index` (0: the first). */
export function fileBoxId(index: number): string {
  return index === 0 ? 'stack-file-text' : `stack-file-text-${index + 1}`
}

/** The file picker and drop hint the script adds to the form: both need a script to read. */
export function stackFilePicker(): MarkupElement {
  return el(
    'div',
    { class: 'field file-picker' },
    el('label', { for: 'stack-file-input' }, 'Or choose a file (or the files of one deployment)'),
    el('input', {
      id: 'stack-file-input',
      type: 'file',
      accept: '.json,.txt,application/json,text/plain',
      'aria-describedby': 'stack-file-drop-hint',
    }),
    el(
      'p',
      { class: 'hint', id: 'stack-file-drop-hint' },
      'Or drop files on this form. Each is read into a box of its own and checked at once.',
    ),
  )
}

/**
 * The content of the region `#file-result` for an outcome; `textOmitted`: the file's size when
 * the box does not hold it again.
 */
export function stackFileResult(
  outcome: StackFileOutcome,
  limits: ListLimits = { listed: MAX_LISTED },
  textOmitted?: number,
): MarkupElement {
  const omitted =
    textOmitted === undefined
      ? null
      : el(
          'p',
          { class: 'hint' },
          `Your file (${sizeText(textOmitted)}) is too large to send back in the box: choose it again to read it again.`,
        )
  if ('derived' in outcome) {
    return outcome.files !== undefined && outcome.files.length > 1
      ? filesSection(outcome.derived, outcome.files, limits, omitted)
      : derivedSection(outcome.derived, limits, omitted)
  }
  if ('faults' in outcome) {
    const count = outcome.faultCount ?? outcome.faults.length
    return fileProblem(
      'Your file could not be read',
      count > outcome.faults.length
        ? el(
            'p',
            {},
            `It has ${count.toLocaleString('en')} faults; the first ${outcome.faults.length} are listed.`,
          )
        : null,
      el(
        'ul',
        { class: 'file-list', 'aria-label': 'What could not be read' },
        outcome.faults.map((fault) =>
          el(
            'li',
            {},
            fault.location === ''
              ? 'The file'
              : el('span', { class: 'location' }, shown(fault.location)),
            ' ',
            codeSpans(fault.reason),
          ),
        ),
      ),
      omitted ??
        el('p', { class: 'hint' }, 'Your text is kept in the box: correct it and read it again.'),
    )
  }
  return fileProblem('Your file was not checked', el('p', {}, outcome.refused), omitted)
}

function fileProblem(heading: string, ...content: MarkupChild[]): MarkupElement {
  return el(
    'section',
    { class: 'file-section file-problem', 'aria-labelledby': 'file-result-heading' },
    el('h2', { id: 'file-result-heading' }, heading),
    content,
  )
}

/** The components of a derived stack, in order: the rows the page fills. */
export function derivedComponents(answer: DerivedStackAnswer): [string, string][] {
  return Object.entries(answer.components)
}

/**
 * The stack page's address for a stack (`/stack?kubernetes=1.33.2&cnpg=v1.27.1`): opening it
 * fills the rows and checks the stack.
 */
export function stackUrl(components: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams()
  for (const [name, version] of components) query.append(name, version)
  return `/stack?${query}`
}

/**
 * What was read, in a sentence whose counts add up: the components found are those that
 * matched a catalogued project and those that matched none; entries the file holds that are
 * no usable component (no version, an include that cannot be followed) are counted apart, and
 * every one of them is listed under **Not in the stack**. The status line announces it,
 * "From your file" starts with it.
 * @example stackFileSummary(answer) // 'Read as helm list -o json: 4 components found: 2 matched catalogued projects, 2 matched none.'
 */
export function stackFileSummary(answer: FileParts): string {
  const { derivedFrom, matches, unmatched, duplicates } = answer
  const found = derivedFrom.components
  const matched = matches.length
  const none = Math.max(0, found - matched)
  const other = Math.max(0, unmatched.length - none)
  const projects =
    derivedFrom.matched === matched
      ? derivedFrom.matched === 1
        ? 'a catalogued project'
        : 'catalogued projects'
      : count(derivedFrom.matched, 'catalogued project', 'catalogued projects')
  const clauses = [
    `${count(found, 'component', 'components')} found: ${matched} matched ${projects}, ${none} matched none`,
    ...(other === 0 ? [] : [`${count(other, 'more entry', 'more entries')} left out`]),
    ...(duplicates.length === 0
      ? []
      : [`${count(duplicates.length, 'name', 'names')} found at several versions`]),
  ]
  return `Read as ${formatName(derivedFrom.format)}: ${clauses.join('; ')}.`
}

function derivedSection(
  answer: DerivedStackAnswer,
  limits: ListLimits,
  omitted: MarkupElement | null,
): MarkupElement {
  return el(
    'section',
    { class: 'file-section', 'aria-labelledby': 'file-result-heading' },
    el('h2', { id: 'file-result-heading' }, 'From your file'),
    el('p', {}, stackFileSummary(answer)),
    omitted,
    stackLine(derivedComponents(answer)),
    fileLists(answer, limits, 'h3'),
  )
}

/** Several files of one deployment: the merged stack, then what each file derived. */
function filesSection(
  answer: DerivedStackAnswer,
  files: readonly FileParts[],
  limits: ListLimits,
  omitted: MarkupElement | null,
): MarkupElement {
  return el(
    'section',
    { class: 'file-section', 'aria-labelledby': 'file-result-heading' },
    el('h2', { id: 'file-result-heading' }, 'From your files'),
    el(
      'p',
      {},
      `${files.length} files of one deployment, read apart; their stacks make one, each project at the version the files agree on.`,
    ),
    omitted,
    stackLine(derivedComponents(answer)),
    files.map((file, index) => [
      el('h3', {}, `File ${index + 1}`),
      el('p', {}, stackFileSummary(file)),
      fileLists(file, limits, 'h4'),
    ]),
  )
}

/** Where the stack goes from here: its address, or why the page cannot hold it. */
function stackLine(components: readonly (readonly [string, string])[]): MarkupElement {
  if (components.length === 0) {
    return el(
      'p',
      { class: 'muted' },
      'Nothing in the file matched a catalogued project, so there is no stack to check.',
    )
  }
  if (components.length > MAX_DEPENDENCIES) {
    return el(
      'p',
      {},
      `The stack has ${components.length} components: the form and its address hold at most ${MAX_DEPENDENCIES}, so they are not filled. The verdict below is for all ${components.length}.`,
    )
  }
  return el(
    'p',
    {},
    `The stack’s ${count(components.length, 'component', 'components')} fill the form above; `,
    el('a', { href: stackUrl(components), id: 'derived-stack-link' }, 'a link to this stack'),
    ' checks it again whenever it is opened.',
  )
}

/** "2.3 MiB": a size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
