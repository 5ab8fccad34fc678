/**
 * A whole HTML document for a page: the page shell (web/index.html, with the head and main
 * marks) filled with the page's title, description, canonical link, Open Graph tags,
 * structured data and main content (docs/web.md, "Rendering").
 */
import { el, type MarkupElement } from './markup.ts'
import { escapeText, renderHtml } from './render-html.ts'
import { SITE_NAME, type SitePage } from './site-page.ts'

/** Where the shell takes the page's head tags, and its main element. */
export const HEAD_MARK = '<!--page-head-->'
export const MAIN_MARK = '<!--page-main-->'

/** The shell's main element when nothing is rendered into it: the script loads the page. */
export const LOADING_MAIN = renderHtml(
  el(
    'main',
    { id: 'main', tabindex: '-1' },
    el('p', { class: 'loading' }, 'Loading…'),
    el(
      'noscript',
      {},
      el(
        'p',
        {},
        'The compatibility data is not loaded yet. The same data is available as JSON at ',
        el('a', { href: '/api/v1/projects' }, '/api/v1/projects'),
        '.',
      ),
    ),
  ),
)

/**
 * `publicUrl`: the site's absolute address without a trailing slash (COMPAT_PUBLIC_URL), for
 * the canonical link and `og:url`; null writes the canonical link as a path.
 */
export function pageDocument(shell: string, page: SitePage, publicUrl: string | null): string {
  const url = page.canonicalPath === null ? null : `${publicUrl ?? ''}${page.canonicalPath}`
  const head: MarkupElement[] = [
    el('title', {}, page.title),
    el('meta', { name: 'description', content: page.description }),
    url === null ? null : el('link', { rel: 'canonical', href: url }),
    page.status !== 200 ? el('meta', { name: 'robots', content: 'noindex' }) : null,
    el('meta', { property: 'og:site_name', content: SITE_NAME }),
    el('meta', { property: 'og:type', content: 'website' }),
    el('meta', { property: 'og:title', content: page.title }),
    el('meta', { property: 'og:description', content: page.description }),
    url === null || publicUrl === null ? null : el('meta', { property: 'og:url', content: url }),
    el('meta', { name: 'twitter:card', content: 'summary' }),
  ].filter((tag): tag is MarkupElement => tag !== null)
  const structured =
    page.structuredData === null
      ? ''
      : `<script type="application/ld+json">${jsonForScript({
          ...page.structuredData,
          ...(url === null || publicUrl === null ? {} : { url }),
        })}</script>`
  const main = renderHtml(
    el('main', { id: 'main', tabindex: '-1', 'data-page': page.kind }, page.main),
  )
  return shell
    .replace(HEAD_MARK, () => renderHtml(head) + structured)
    .replace(MAIN_MARK, () => main)
}

/** The shell as sent when no dataset is loaded: the script shows the page once data comes. */
export function loadingDocument(shell: string): string {
  return shell
    .replace(HEAD_MARK, () => `<title>${escapeText(SITE_NAME)}</title>`)
    .replace(MAIN_MARK, () => LOADING_MAIN)
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
