/** `/robots.txt` (docs/web.md, "Pages"): what crawlers may read, and where the sitemap is. */

/**
 * Pages are for crawlers, and the API's documentation with the document it shows; API answers
 * and badges are not (every check URL would be a page of its own).
 */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/docs',
    'Allow: /api/v1/openapi.json',
    'Disallow: /api/',
    'Disallow: /badge/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
