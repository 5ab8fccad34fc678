/** Text and numbers in the site's SVG drawings (support charts, support timelines). */

/** The font size the drawings are laid out for; their `font-size` attribute says it too. */
export const FONT_SIZE = 12

/** An estimate of the text's width at FONT_SIZE in a sans-serif font, on the wide side. */
export function textWidth(text: string): number {
  let width = 0
  for (const character of text) {
    if (character === '.' || character === ' ' || character === ',') width += 3.8
    else if (/[0-9]/.test(character)) width += 7.4
    else if (/[A-Zmw+]/.test(character)) width += 9.5
    else width += 7.4
  }
  return width
}

export function shorten(text: string, length: number): string {
  const characters = [...text]
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

/** A coordinate: one decimal at most, so the output is short and the same on every run. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}
