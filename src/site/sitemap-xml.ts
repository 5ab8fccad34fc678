/**
 * `/sitemap.xml` (docs/web.md, "Pages"): every page of the site with the date its newest
 * evidence was verified, under the site's absolute address.
 */
import { escapeText } from './render-html.ts'

/** `base`: the site's absolute address without a trailing slash. */
export function sitemapXml(
  paths: readonly (readonly [string, string | null])[],
  base: string,
): string {
  const urls = paths.map(
    ([path, lastmod]) =>
      `<url><loc>${escapeText(base + path)}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
