/** How evidence reads everywhere on the page: confidence, verification date, staleness, sources. */
import { isStale, STALE_AFTER_DAYS, utcDate } from '../../src/core/evidence/is-stale.ts'
import type { Confidence, DependencyCheck, Source, Verdict } from './api.ts'
import { h, safeHref, srOnly } from './dom.ts'

/** "high", "medium" or "low" in a badge; screen readers hear "confidence high". */
export function confidenceBadge(confidence: Confidence): HTMLSpanElement {
  return h('span', { class: `badge confidence-${confidence}` }, srOnly('confidence '), confidence)
}

/** A visible "stale" mark by the one stale rule, or null when the evidence is fresh. */
export function staleMark(lastVerified: string | null): HTMLSpanElement | null {
  if (!isStale(lastVerified, utcDate(new Date()))) return null
  const why =
    lastVerified === null
      ? 'never verified'
      : `last verified ${lastVerified}, over ${STALE_AFTER_DAYS} days ago`
  return h('span', { class: 'badge stale', title: `Stale: ${why}` }, 'stale', srOnly(`: ${why}`))
}

/** The verification date as text with its stale mark. */
export function verifiedText(lastVerified: string | null): (Node | string)[] {
  const mark = staleMark(lastVerified)
  return [lastVerified ?? 'never', ...(mark === null ? [] : [' ', mark])]
}

const VERDICT_TEXT: Record<Verdict, { symbol: string; label: string }> = {
  compatible: { symbol: '✓', label: 'Compatible' },
  incompatible: { symbol: '✗', label: 'Incompatible' },
  unknown: { symbol: '?', label: 'Unknown' },
}

/** The verdict in words (with a symbol and a color as extras, never alone). */
export function verdictLabel(verdict: Verdict): HTMLSpanElement {
  const text = VERDICT_TEXT[verdict] ?? { symbol: '?', label: String(verdict) }
  return h(
    'span',
    { class: `verdict verdict-${verdict}` },
    h('span', { 'aria-hidden': 'true', class: 'verdict-symbol' }, text.symbol),
    text.label,
  )
}

/** Sources as real links named by their titles, each with the date it was read. */
export function sourceList(sources: readonly Source[]): HTMLElement {
  if (sources.length === 0) return h('p', { class: 'muted' }, 'No sources recorded.')
  return h(
    'ul',
    { class: 'sources' },
    sources.map((source) => {
      const href = safeHref(source.url)
      const title = href === null ? h('span', {}, source.title) : h('a', { href }, source.title)
      return h('li', {}, title, h('span', { class: 'muted' }, ` (accessed ${source.accessedAt})`))
    }),
  )
}

/** Free-text notes as a list, or nothing when there are none. */
export function noteList(notes: readonly string[]): HTMLElement | null {
  if (notes.length === 0) return null
  return h(
    'ul',
    { class: 'notes' },
    notes.map((note) => h('li', {}, note)),
  )
}

/** A term/description pair for a <dl>. */
export function definition(term: string, ...description: (Node | string | null)[]): Node[] {
  return [h('dt', {}, term), h('dd', {}, ...description)]
}

/** A check's reason and evidence as a definition list: for check results and stack pairs alike. */
export function checkDetails(
  check: Omit<DependencyCheck, 'dependency' | 'dependencyVersion' | 'compatible'>,
  extra: readonly Node[] = [],
): HTMLDListElement {
  const matched =
    check.matchedRange !== null
      ? `range ${check.matchedRange}`
      : check.matchedConstraint === 'same-version'
        ? 'constraint same-version (must equal the project version)'
        : check.matchedConstraint !== null
          ? `constraint ${check.matchedConstraint}`
          : 'none'
  return h(
    'dl',
    {},
    definition('Reason', check.reason),
    definition('Matched', matched),
    extra,
    check.relationship === null ? [] : definition('Relationship', check.relationship),
    definition('Confidence', confidenceBadge(check.confidence)),
    definition('Last verified', ...verifiedText(check.lastVerified)),
    check.notes.length === 0 ? [] : definition('Notes', noteList(check.notes)),
    definition('Sources', sourceList(check.sources)),
  )
}
