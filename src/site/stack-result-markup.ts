/**
 * A stack's answer as the stack page shows it (docs/web.md, "The stack page"): the verdict with
 * the service's reason, the end-of-life box, each component as read with its support, the pairs
 * and what is in no pair. The script shows it for a check it asked; the server for a stack it
 * derived from a file posted to the page.
 */
import type { ComponentSupport, StackAnswer, StackPair } from '../api/response-schemas.ts'
import { checkDetails, definition, verdictLabel } from './evidence-markup.ts'
import { el, type MarkupElement } from './markup.ts'
import { projectPath } from './page-paths.ts'
import { daysLeftText, supportBadge, supportPhrase } from './support-status-markup.ts'

/** The answer to a stack check; `today` (UTC) decides which evidence is marked stale. */
export function stackResultMarkup(answer: StackAnswer, today: string): MarkupElement {
  return el(
    'div',
    {},
    el('h2', { class: 'result-heading' }, 'Your stack: ', verdictLabel(answer.compatible)),
    el('p', { class: 'reason' }, answer.reason),
    endOfLifeWarning(answer.support, answer.date),
    el('h3', {}, 'Components'),
    el(
      'ul',
      { class: 'resolved-list', 'aria-label': 'Components as read' },
      Object.entries(answer.components).map(([name, version]) => {
        const resolved = answer.resolved[name]
        const support = answer.support.find((item) => item.component === name)
        return el(
          'li',
          {},
          el('strong', {}, name),
          ' ',
          el('span', { class: 'version' }, version),
          ': ',
          resolved === null || resolved === undefined
            ? el('span', { class: 'muted' }, 'not a catalogued project')
            : [
                el('a', { href: projectPath(resolved.project) }, resolved.project),
                resolved.key === null ? ' — nothing documented covers its version' : ' ',
                resolved.key === null ? null : el('span', { class: 'version' }, resolved.key),
                el('span', { class: 'hint block' }, resolved.reason),
              ],
          support === undefined ? null : componentSupportLine(support, answer.date),
        )
      }),
    ),
    el('h3', {}, 'Pairs'),
    answer.pairs.length === 0
      ? el('p', { class: 'muted' }, 'No component documents another in this stack.')
      : pairList(answer.pairs, 'Result per pair', today),
    answer.unpaired.length === 0
      ? null
      : [
          el('h3', {}, 'In no pair'),
          el(
            'p',
            {},
            `Nothing in this stack documents these, and they document nothing in it: ${answer.unpaired.join(', ')}.`,
          ),
        ],
  )
}

/** Pairs as a list of checks, each with its verdict and evidence; `label` names the list. */
export function pairList(pairs: readonly StackPair[], label: string, today: string): MarkupElement {
  return el(
    'ul',
    { class: 'check-list', 'aria-label': label },
    pairs.map((pair) => pairItem(pair, today)),
  )
}

/** One pair of a stack (or of a plan's stack): its verdict, reason and evidence. */
function pairItem(pair: StackPair, today: string): MarkupElement {
  return el(
    'li',
    { class: `check-item check-${pair.compatible}` },
    el(
      'h4',
      {},
      `${pair.project} ${pair.version} → ${pair.dependency} ${pair.dependencyVersion}: `,
      verdictLabel(pair.compatible),
    ),
    checkDetails(pair, today, definition('Documented as', pair.key)),
  )
}

/**
 * A component's support on the stack answer's date, for its line under **Components**: the
 * status with its date in a badge (words first, colour repeating them), the release line and
 * the days left. Null for a name that is no catalogued project: its line says so already.
 *
 * @example componentSupportLine(answer.support[0], answer.date) // Support on 2026-11-28: end of life since 2026-10-27 (release line 1.34)
 */
export function componentSupportLine(
  support: ComponentSupport,
  date: string,
): MarkupElement | null {
  if (support.project === null) return null
  const left =
    support.status === 'supported' || support.status === 'security-only'
      ? daysLeftText(support.daysLeft)
      : null
  return el(
    'span',
    { class: 'component-support block', 'data-status': support.status },
    `Support on ${date}: `,
    support.status === 'unknown'
      ? el('span', { class: 'muted' }, 'no support dates recorded for this version')
      : supportBadge(support.status, supportPhrase(support)),
    support.line === null
      ? ''
      : ` (release line ${support.line}${left === null ? '' : `, ${left}`})`,
  )
}

/**
 * Said beside the verdict when a component is past its end of life: the verdict is about
 * compatibility and stays what it is, but a reader must not miss that. Null when none is.
 */
export function endOfLifeWarning(
  support: readonly ComponentSupport[],
  date: string,
  id = 'stack-end-of-life',
): MarkupElement | null {
  const ended = support.filter((component) => component.status === 'end-of-life')
  if (ended.length === 0) return null
  return el(
    'div',
    { class: 'support-warning', id },
    el(
      'p',
      {},
      el('span', { class: 'warning-sign', 'aria-hidden': 'true' }, '⚠ '),
      el(
        'strong',
        {},
        ended.length === 1
          ? 'End of life: 1 component gets no more fixes'
          : `End of life: ${ended.length} components get no more fixes`,
      ),
      ` on ${date}, security fixes included. The verdict is about compatibility alone.`,
    ),
    el(
      'ul',
      { 'aria-label': 'Components past their end of life' },
      ended.map((component) =>
        el(
          'li',
          {},
          el('strong', {}, component.component),
          ' ',
          el('span', { class: 'version' }, component.version),
          `: ${supportPhrase(component)}`,
          component.line === null ? '' : ` (release line ${component.line})`,
        ),
      ),
    ),
  )
}
