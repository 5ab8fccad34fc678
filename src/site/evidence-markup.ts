/** How evidence reads everywhere on the page: confidence, verification date, staleness, sources. */
import type { Confidence, DependencyCheck, Source, Verdict } from '../api/response-schemas.ts'
import { isStale, STALE_AFTER_DAYS } from '../core/evidence/is-stale.ts'
import { el, type MarkupChild, type MarkupElement, safeHref, srOnly } from './markup.ts'
import { visitorNotes } from './visitor-notes.ts'

/** "high", "medium" or "low" in a badge; screen readers hear "confidence high". */
export function confidenceBadge(confidence: Confidence): MarkupElement {
  return el('span', { class: `badge confidence-${confidence}` }, srOnly('confidence '), confidence)
}

/** A visible "stale" mark by the one stale rule, or null when the evidence is fresh. */
export function staleMark(lastVerified: string | null, today: string): MarkupElement | null {
  if (!isStale(lastVerified, today)) return null
  const why =
    lastVerified === null
      ? 'never verified'
      : `last verified ${lastVerified}, over ${STALE_AFTER_DAYS} days ago`
  return el('span', { class: 'badge stale', title: `Stale: ${why}` }, 'stale', srOnly(`: ${why}`))
}

/** The verification date as text with its stale mark. */
export function verifiedText(lastVerified: string | null, today: string): MarkupChild[] {
  const mark = staleMark(lastVerified, today)
  return [lastVerified ?? 'never', ...(mark === null ? [] : [' ', mark])]
}

const VERDICT_TEXT: Record<Verdict, { symbol: string; label: string }> = {
  compatible: { symbol: '✓', label: 'Compatible' },
  incompatible: { symbol: '✗', label: 'Incompatible' },
  unknown: { symbol: '?', label: 'Unknown' },
}

/** The verdict in words (with a symbol and a color as extras, never alone). */
export function verdictLabel(verdict: Verdict): MarkupElement {
  const text = VERDICT_TEXT[verdict] ?? { symbol: '?', label: String(verdict) }
  return el(
    'span',
    { class: `verdict verdict-${verdict}` },
    el('span', { 'aria-hidden': 'true', class: 'verdict-symbol' }, text.symbol),
    text.label,
  )
}

/** Sources as real links named by their titles, each with the date it was read. */
export function sourceList(sources: readonly Source[]): MarkupElement {
  if (sources.length === 0) return el('p', { class: 'muted' }, 'No sources recorded.')
  return el(
    'ul',
    { class: 'sources' },
    sources.map((source) => {
      const href = safeHref(source.url)
      const title = href === null ? el('span', {}, source.title) : el('a', { href }, source.title)
      return el('li', {}, title, el('span', { class: 'muted' }, ` (accessed ${source.accessedAt})`))
    }),
  )
}

/** Free-text notes as a list, in visitor words (visitor-notes.ts), or nothing when there are none. */
export function noteList(notes: readonly string[]): MarkupElement | null {
  const shown = visitorNotes(notes)
  if (shown.length === 0) return null
  return el(
    'ul',
    { class: 'notes' },
    shown.map((note) => el('li', {}, note)),
  )
}

/** A term/description pair for a <dl>. */
export function definition(term: string, ...description: MarkupChild[]): MarkupElement[] {
  return [el('dt', {}, term), el('dd', {}, ...description)]
}

/** A check's reason and evidence as a definition list: for check results and stack pairs alike. */
export function checkDetails(
  check: Omit<DependencyCheck, 'dependency' | 'dependencyVersion' | 'compatible'>,
  today: string,
  extra: readonly MarkupElement[] = [],
): MarkupElement {
  const matched =
    check.matchedRange !== null
      ? `range ${check.matchedRange}`
      : check.matchedConstraint === 'same-version'
        ? 'constraint same-version (must equal the project version)'
        : check.matchedConstraint !== null
          ? `constraint ${check.matchedConstraint}`
          : 'none'
  return el(
    'dl',
    {},
    definition('Reason', check.reason),
    definition('Matched', matched),
    extra,
    check.relationship === null ? [] : definition('Relationship', check.relationship),
    definition('Confidence', confidenceBadge(check.confidence)),
    definition('Last verified', ...verifiedText(check.lastVerified, today)),
    check.notes.length === 0 ? [] : definition('Notes', noteList(check.notes)),
    definition('Sources', sourceList(check.sources)),
  )
}
