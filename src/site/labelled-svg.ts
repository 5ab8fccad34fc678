import { el, type MarkupAttributes, type MarkupChild, type MarkupElement } from './markup.ts'
import { FONT_SIZE } from './svg-text.ts'

/**
 * A drawing read out as one image, named by its own title and description
 * (`aria-labelledby` on `${id}_title` and `${id}_desc`), at the charts' font size. `attributes`
 * are its class and size.
 *
 * @example labelledSvg('cnpg-chart', { class: 'support-chart-svg', width: '300', height: '90' }, 'CloudNativePG and Kubernetes', 'A chart …', bars)
 */
export function labelledSvg(
  id: string,
  attributes: MarkupAttributes,
  title: string,
  description: string,
  drawing: readonly MarkupChild[],
): MarkupElement {
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      ...attributes,
      'font-size': String(FONT_SIZE),
      role: 'img',
      'aria-labelledby': `${id}_title ${id}_desc`,
    },
    el('title', { id: `${id}_title` }, title),
    el('desc', { id: `${id}_desc` }, description),
    ...drawing,
  )
}
