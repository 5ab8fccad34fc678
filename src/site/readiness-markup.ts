/**
 * "Can it take …?" on the stack page (docs/web.md, "The stack page"): a field of the file form
 * that names a target (`nodejs@24`, `react@19.0.0`, `python@3.13`), and what readiness answers
 * for the file (docs/api.md, "Readiness"): the verdict, what blocks with where each could move,
 * the range every package admits and, for a runtime, the newest supported line inside it. The
 * field posts with the form, so it works without a script; the script asks the API for an SBOM.
 */
import type { ReadinessAnswer, ReadinessBlocker } from '../core/readiness/readiness-answer.ts'
import { LONG_LIST } from './file-lists-markup.ts'
import { el, type MarkupElement } from './markup.ts'

/** The form field that carries the target. */
export const READINESS_FIELD = 'target'
/** What readiness made of the file for the target, or why it was not asked. */
export type ReadinessOutcome = { readonly answer: ReadinessAnswer } | { readonly refused: string }

/** The field, inside the file form: optional, a target written as NAME@VERSION. */
export function readinessField(target = ''): MarkupElement {
  return el(
    'div',
    { class: 'field readiness-field' },
    el('label', { for: 'readiness-target' }, 'Can it take …? (optional)'),
    el('input', {
      id: 'readiness-target',
      name: READINESS_FIELD,
      type: 'text',
      value: target,
      autocomplete: 'off',
      autocapitalize: 'off',
      spellcheck: 'false',
      'aria-describedby': 'readiness-hint',
    }),
    el(
      'p',
      { class: 'hint', id: 'readiness-hint' },
      'A runtime, such as nodejs@24 or python@3.13, or a package of the file, such as react@19.0.0: every package of the file is asked whether the range it declares admits it.',
    ),
  )
}

/** `nodejs@24`, `nodejs=24` or `nodejs 24` as name and version; null when it is none of them. */
export function readTarget(
  text: string,
): { readonly name: string; readonly version: string } | null {
  const trimmed = text.trim()
  const at = Math.max(trimmed.lastIndexOf('@'), trimmed.indexOf('='), trimmed.indexOf(' '))
  if (at <= 0) return null
  const name = trimmed.slice(0, at).trim()
  const version = trimmed.slice(at + 1).trim()
  return name === '' || version === '' ? null : { name, version }
}

/** The region the answer shows in: filled by the server for a posted form, by the script else. */
export function readinessRegion(outcome: ReadinessOutcome | null): MarkupElement {
  return el(
    'div',
    { class: 'file-result readiness-result', id: 'readiness-result' },
    outcome === null ? null : readinessResult(outcome),
  )
}

/** The content of the region `#readiness-result` for an outcome. */
export function readinessResult(outcome: ReadinessOutcome): MarkupElement {
  if ('refused' in outcome) {
    return el(
      'section',
      { class: 'readiness-section file-problem', 'aria-labelledby': 'readiness-heading' },
      el('h2', { id: 'readiness-heading' }, 'Readiness was not asked'),
      el('p', {}, outcome.refused),
    )
  }
  const { answer } = outcome
  const asked = `${answer.target.name} ${answer.target.version}`
  const declared = answer.components.filter((item) => item.admits !== null).length
  const unjudged = answer.components.filter((item) => item.fault !== undefined).length
  return el(
    'section',
    { class: 'readiness-section', 'aria-labelledby': 'readiness-heading' },
    el(
      'h2',
      { id: 'readiness-heading' },
      `Can it take ${asked}? ${answer.verdict === 'ready' ? 'Ready' : 'Blocked'}`,
    ),
    el('p', {}, readinessSummary(answer)),
    el(
      'p',
      { class: 'muted' },
      `${declared} of ${answer.components.length} packages declare a range for ${answer.target.name}, ${answer.silent} declare nothing${unjudged === 0 ? '' : `, ${unjudged} could not be judged`}${answer.offline ? '; no registry was read, so nothing is proposed to move to' : ''}.`,
    ),
    answer.blocking.length === 0 ? null : blockerList(answer.blocking),
    answer.admittedRange === null
      ? null
      : el('p', {}, 'Admitted by every range: ', el('code', {}, answer.admittedRange)),
    answer.newestAdmitted === null
      ? null
      : el(
          'p',
          {},
          `Newest ${answer.target.project ?? answer.target.name} line inside it: ${answer.newestAdmitted.line}${answer.newestAdmitted.latest === null ? '' : ` (${answer.newestAdmitted.latest})`}, ${answer.newestAdmitted.status.replaceAll('-', ' ')} on ${answer.date}.`,
        ),
  )
}

/** One sentence, for the page's status line too. */
export function readinessSummary(answer: ReadinessAnswer): string {
  const asked = `${answer.target.name} ${answer.target.version}`
  if (answer.verdict === 'ready') return `No package declares a range that excludes ${asked}.`
  const names = new Set(answer.blocking.map((item) => item.name)).size
  return `${names === 1 ? '1 package declares a range' : `${names} packages declare ranges`} that exclude${names === 1 ? 's' : ''} ${asked}.`
}

function blockerList(blocking: readonly ReadinessBlocker[]): MarkupElement {
  const list = el(
    'ul',
    { class: 'file-list', 'aria-label': 'What blocks' },
    blocking.map((item) =>
      el(
        'li',
        {},
        el('strong', {}, item.name),
        ' ',
        el('span', { class: 'version' }, item.version),
        ' declares ',
        el('code', {}, item.declared),
        el('span', { class: 'muted' }, ` ${moveWords(item)}`),
      ),
    ),
  )
  if (blocking.length <= LONG_LIST) return list
  return el(
    'details',
    { class: 'file-details' },
    el('summary', {}, `${blocking.length} blocking packages`),
    list,
  )
}

function moveWords(item: ReadinessBlocker): string {
  if (item.lowestAdmitting === null && item.newestAdmitting === null) return ''
  const lowest =
    item.lowestAdmitting === null
      ? 'no later release admits it'
      : `lowest release that admits it: ${item.lowestAdmitting}`
  return `(${lowest}; newest: ${item.newestAdmitting ?? 'none'})`
}
