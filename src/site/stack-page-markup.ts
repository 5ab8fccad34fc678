/**
 * The stack page (docs/web.md, "The stack page") as first sent: its heading and what it does.
 * The rows, the paste box and the plan form are the page's script's: they exist to send checks.
 */
import { el, type MarkupElement } from './markup.ts'

/** The heading and lead the script's page starts with too. */
export function stackPageIntro(): MarkupElement[] {
  return [
    el('h1', { id: 'stack-heading' }, 'Check a stack'),
    el(
      'p',
      { class: 'lead' },
      'Is your whole stack documented compatible with itself? Every component that is a catalogued project is read at the version you run, and each dependency it documents that is also in your stack is checked.',
    ),
  ]
}

/** The content of `<main>` for `/stack` before the script runs. */
export function stackPageMain(): MarkupElement[] {
  return [
    ...stackPageIntro(),
    el(
      'noscript',
      {},
      el(
        'p',
        { class: 'hint' },
        'Checking a stack here needs JavaScript; the same check is ',
        el('code', {}, 'POST /api/v1/stack'),
        ' (see the ',
        el('a', { href: '/api/v1/docs' }, 'API documentation'),
        ').',
      ),
    ),
  ]
}
