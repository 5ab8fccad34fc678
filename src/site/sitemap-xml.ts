/**
 * `/sitemap.xml` and `/robots.txt` (docs/web.md, "For search engines"): every page of the site
 * with the date its newest evidence was verified, under the site's absolute address.
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

/** Pages are for crawlers; API answers are not (every check URL is a page of its own). */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/docs',
    'Disallow: /api/',
    'Disallow: /badge/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
