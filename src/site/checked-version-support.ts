/**
 * The support of the version a project page checks, said beside the check's verdict
 * (docs/web.md, "The project page"): compatible or not, a visitor must also see that the
 * version itself is past its end of life. By the project's support windows on the day.
 */
import type { ProjectDocument } from '../api/response-schemas.ts'
import { versionSupport } from '../core/lifecycle/version-support.ts'
import { el, type MarkupElement } from './markup.ts'
import { componentSupportLine } from './stack-result-markup.ts'
import { supportPhrase } from './support-status-markup.ts'

/**
 * "Support on 2026-12-07: end of life since 2026-04-30 (release line 4.2)", a link to the
 * support windows when the page has them, and a warning when the line has ended.
 *
 * @example checkedVersionSupport(django, '4.2', '2026-12-07')
 */
export function checkedVersionSupport(
  document: ProjectDocument,
  version: string,
  day: string,
): MarkupElement {
  const support = {
    component: document.id,
    version,
    project: document.id,
    ...versionSupport(document.lifecycle, version, day),
  }
  return el(
    'div',
    { class: 'checked-support', 'data-status': support.status },
    el(
      'p',
      {},
      componentSupportLine(support, day),
      document.lifecycle === undefined
        ? null
        : [' ', el('a', { href: '#lifecycle-heading' }, 'Support windows')],
    ),
    support.status !== 'end-of-life'
      ? null
      : el(
          'div',
          { class: 'support-warning' },
          el(
            'p',
            {},
            el('span', { class: 'warning-sign', 'aria-hidden': 'true' }, '⚠ '),
            el('strong', {}, `${document.name} ${version} gets no more fixes`),
            ` (${supportPhrase(support)}), security fixes included. The verdict is about compatibility alone.`,
          ),
        ),
  )
}

/** The same, as a sentence for the status line screen readers hear. */
export function checkedVersionSupportText(
  document: ProjectDocument,
  version: string,
  day: string,
): string {
  const support = versionSupport(document.lifecycle, version, day)
  return `${document.name} ${version}: ${supportPhrase(support)}.`
}
