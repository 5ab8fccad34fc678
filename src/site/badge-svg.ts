/**
 * A check's verdict as a flat two-part SVG badge (docs/api.md, "Badges"): the label on dark
 * grey, the verdict on its colour. Pure: text widths come from a table, not from a font, so
 * the same badge is always the same bytes.
 */
import type { Verdict } from '../api/response-schemas.ts'

/** The colour of each verdict, for the SVG and for the shields.io endpoint JSON alike. */
export const VERDICT_COLORS: Readonly<Record<Verdict, string>> = {
  compatible: '#2e7d32',
  incompatible: '#c62828',
  unknown: '#6b6b6b',
}

/** The label's background: shields.io's default grey, so both forms look alike. */
const LABEL_COLOR = '#555'

export interface Badge {
  /** The left text, such as `postgresql 18`. */
  readonly label: string
  readonly verdict: Verdict
  /** The whole answer in words, shown as the badge's tooltip (`<title>`). */
  readonly title: string
}

const HEIGHT = 20
/** Space on each side of a text, in pixels. */
const PADDING = 5
const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif'

// Advance widths of U+0020 to U+007E in tenths of a pixel at 11px, measured from DejaVu Sans
// (Verdana's metrics are within a few per cent of these).
const ASCII_TENTHS = [
  35, 44, 51, 92, 70, 105, 86, 30, 43, 43, 55, 92, 35, 40, 35, 37, 70, 70, 70, 70, 70, 70, 70, 70,
  70, 70, 37, 37, 92, 92, 92, 58, 110, 75, 75, 77, 85, 70, 63, 85, 83, 32, 32, 72, 61, 95, 82, 87,
  66, 87, 76, 70, 67, 81, 75, 109, 75, 67, 75, 43, 37, 43, 92, 55, 55, 67, 70, 60, 70, 68, 39, 70,
  70, 31, 31, 64, 31, 107, 70, 67, 70, 70, 45, 57, 43, 70, 65, 90, 65, 65, 58, 70, 37, 70, 92,
] as const
/** A character outside the table: about the width of an `n`. */
const OTHER_TENTHS = 70
/** A wide (East Asian, emoji) character: one em. */
const WIDE_TENTHS = 110
/** Code point ranges that take no width: combining marks, zero-width spaces and joiners, variation selectors. */
const ZERO_WIDTH: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x200b, 0x200f],
  [0xfe00, 0xfe0f],
]
/** Code point ranges drawn one em wide: Hangul, CJK, full-width forms, emoji. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1faff],
  [0x20000, 0x3fffd],
]

const within = (ranges: readonly (readonly [number, number])[], code: number) =>
  ranges.some(([from, to]) => code >= from && code <= to)

/** Estimated width of text in whole pixels, rounded up (Verdana or DejaVu Sans, 11px). */
export function textWidth(text: string): number {
  let tenths = 0
  for (const character of text) {
    const code = character.codePointAt(0) as number
    if (code >= 0x20 && code <= 0x7e) tenths += ASCII_TENTHS[code - 0x20] as number
    else if (within(WIDE, code)) tenths += WIDE_TENTHS
    else if (!within(ZERO_WIDTH, code)) tenths += OTHER_TENTHS
  }
  return Math.ceil(tenths / 10)
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

// Characters XML 1.0 does not allow at all (control characters, lone surrogates, U+FFFE/F):
// escaping cannot save them, so they become U+FFFD.
const NOT_XML_PATTERN =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'
const NOT_XML = new RegExp(NOT_XML_PATTERN, 'g')

/** Text made safe for an XML text node or a double-quoted attribute value. */
function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '\ufffd')
    .replace(/[&<>"']/g, (character) => ESCAPES[character] as string)
}

/**
 * A check's badge as SVG text, 20 pixels high, as wide as its texts need.
 *
 * @example badgeSvg({ label: 'postgresql 18', verdict: 'compatible', title: 'postgresql 18 with keycloak 26.4: compatible — …' })
 */
export function badgeSvg({ label, verdict, title }: Badge): string {
  return twoPartBadge({ label, message: verdict, color: VERDICT_COLORS[verdict], title })
}

/** Any two-part badge: the label on grey, the message on its colour (a support badge's). */
export interface TwoPartBadge {
  readonly label: string
  readonly message: string
  /** The message's background, a hex colour. */
  readonly color: string
  readonly title: string
}

/** @example twoPartBadge({ label: 'kubernetes 1.34', message: 'end of life since 2026-10-27', color: '#c62828', title: '…' }) */
export function twoPartBadge({ label, message, color, title }: TwoPartBadge): string {
  const labelText = textWidth(label)
  const messageText = textWidth(message)
  const labelWidth = labelText + 2 * PADDING
  const messageWidth = messageText + 2 * PADDING
  const width = labelWidth + messageWidth
  const short = escapeXml(`${label}: ${message}`)
  const text = (content: string, x: number, length: number) => {
    const escaped = escapeXml(content)
    return (
      `<text x="${x}" y="15" fill="#010101" fill-opacity=".3" textLength="${length}">${escaped}</text>` +
      `<text x="${x}" y="14" textLength="${length}">${escaped}</text>`
    )
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" role="img" aria-label="${short}">` +
    `<title>${escapeXml(title)}</title>` +
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>` +
    '<g clip-path="url(#r)">' +
    `<rect width="${labelWidth}" height="${HEIGHT}" fill="${LABEL_COLOR}"/>` +
    `<rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="${escapeXml(color)}"/>` +
    `<rect width="${width}" height="${HEIGHT}" fill="url(#s)"/>` +
    '</g>' +
    `<g fill="#fff" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="11">` +
    text(label, labelWidth / 2, labelText) +
    text(message, labelWidth + messageWidth / 2, messageText) +
    '</g></svg>'
  )
}
