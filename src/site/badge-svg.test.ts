import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { unescapeXml } from '../../test/support/unescape-xml.ts'
import { type Badge, badgeSvg, textWidth, VERDICT_COLORS } from './badge-svg.ts'

// An element tag with double-quoted attributes whose values hold no `<`, `"` or bare `&`; or
// text with no `<`, `>` or bare `&`. Enough XML for what badges are made of.
const ENTITY = '&(?:amp|lt|gt|quot|apos);'
const TOKEN = new RegExp(
  `<(/?)([a-zA-Z][\\w:-]*)((?:\\s+[a-zA-Z][\\w:-]*="(?:[^"<&]|${ENTITY})*")*)\\s*(/?)>|((?:[^<>&]|${ENTITY})+)`,
  'y',
)
const ATTRIBUTE = /([a-zA-Z][\w:-]*)="([^"]*)"/g

interface Element {
  readonly name: string
  readonly attributes: Record<string, string>
  readonly selfClosing: boolean
  text: string
}

/** The elements of well-formed badge SVG, in document order; throws where it is not. */
function parseSvg(svg: string): Element[] {
  const elements: Element[] = []
  const open: Element[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < svg.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(svg)
    if (match === null) throw new Error(`not well-formed at ${at}: ${svg.slice(at, at + 40)}`)
    const [, closing, name, attributeText, selfClosing, text] = match
    if (text !== undefined) {
      const parent = open.at(-1)
      if (parent === undefined) throw new Error(`text outside the root at ${at}`)
      parent.text += unescapeXml(text)
    } else if (closing === '/') {
      if (open.pop()?.name !== name) throw new Error(`</${name}> closes nothing at ${at}`)
    } else {
      if (open.length === 0 && elements.length > 0) throw new Error(`a second root at ${at}`)
      const attributes: Record<string, string> = {}
      for (const [, key, value] of (attributeText as string).matchAll(ATTRIBUTE)) {
        if (Object.hasOwn(attributes, key as string)) throw new Error(`${key} twice at ${at}`)
        attributes[key as string] = unescapeXml(value as string)
      }
      const element = {
        name: name as string,
        attributes,
        selfClosing: selfClosing === '/',
        text: '',
      }
      elements.push(element)
      if (!element.selfClosing) open.push(element)
    }
  }
  if (open.length > 0) throw new Error(`<${open.at(-1)?.name}> is never closed`)
  return elements
}

const only = (elements: Element[], name: string) => elements.filter((e) => e.name === name)

/** The text as XML can hold it: each character XML 1.0 does not allow is U+FFFD. */
const xmlSafe = (text: string) =>
  Array.from(text, (character) => {
    const code = character.codePointAt(0) as number
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000
    return allowed ? character : '\ufffd'
  }).join('')

// [what, badge, the message's fill, the badge's width in pixels]
const BADGES: ReadonlyArray<[string, Badge, string, number]> = [
  [
    'compatible',
    {
      label: 'postgresql 18',
      verdict: 'compatible',
      title: 'postgresql 18 with keycloak 26.4: compatible',
    },
    '#2e7d32',
    158,
  ],
  [
    'incompatible',
    { label: 'python 3.9', verdict: 'incompatible', title: 'python 3.9: incompatible' },
    '#c62828',
    152,
  ],
  ['unknown', { label: 'redis 7', verdict: 'unknown', title: 'redis 7: unknown' }, '#6b6b6b', 109],
  [
    'markup in every text',
    { label: `a<b>&"c'</text>`, verdict: 'unknown', title: '<script>alert(1)</script> & "x"' },
    '#6b6b6b',
    170,
  ],
  [
    'characters XML cannot hold',
    { label: 'a\u0000b\u001b\ud800', verdict: 'compatible', title: '\uffff' },
    '#2e7d32',
    117,
  ],
  [
    'wide and combining characters',
    { label: '中文 e\u0301', verdict: 'compatible', title: 'ok' },
    '#2e7d32',
    115,
  ],
]

test('badges: well-formed SVG, the verdict’s colour, every text escaped and shown as given', () => {
  for (const [what, badge, fill, width] of BADGES) {
    const svg = badgeSvg(badge)
    const elements = parseSvg(svg)
    const [root] = elements
    assert.equal(root?.name, 'svg', what)
    assert.equal(root.attributes.xmlns, 'http://www.w3.org/2000/svg', what)
    assert.equal(root.attributes.role, 'img', what)
    assert.equal(root.attributes.width, String(width), what)
    assert.equal(root.attributes.height, '20', what)
    assert.equal(root.attributes['aria-label'], xmlSafe(`${badge.label}: ${badge.verdict}`), what)
    assert.deepEqual(
      only(elements, 'title').map((e) => e.text),
      [xmlSafe(badge.title)],
      what,
    )
    const texts = only(elements, 'text').map((e) => e.text)
    assert.deepEqual(
      texts,
      [badge.label, badge.label, badge.verdict, badge.verdict].map(xmlSafe),
      what,
    )
    const fills = only(elements, 'rect').map((e) => e.attributes.fill)
    assert.deepEqual(fills, ['#fff', '#555', fill, 'url(#s)'], what)
    assert.equal(badgeSvg(badge), svg, `${what}: the same badge is the same bytes`)
  }
})

test('every verdict has its own colour', () => {
  assert.equal(new Set(Object.values(VERDICT_COLORS)).size, 3)
})

// [text, estimated width in pixels]
const WIDTHS: ReadonlyArray<[string, number]> = [
  ['', 0],
  ['i', 4],
  ['compatible', 62],
  ['WWW', 33],
  ['中', 11],
  ['é', 7],
  ['e\u0301', 7],
]

test('text widths come from the table, rounded up', () => {
  for (const [text, width] of WIDTHS) assert.equal(textWidth(text), width, text)
})

// Any text, lone surrogates and markup included.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
  fc.string({
    unit: fc.constantFrom('<', '>', '&', '"', "'", '</text>', ']]>', '&amp;', 'a', ' '),
  }),
)

test('property: any label and title stay text: escaped, well-formed, read back as given', () => {
  fc.assert(
    fc.property(
      anyText,
      anyText,
      fc.constantFrom(...Object.keys(VERDICT_COLORS)),
      (label, title, verdict) => {
        const svg = badgeSvg({ label, title, verdict } as Badge)
        const elements = parseSvg(svg)
        // No `<` of the input reaches the output: every `<` begins one of the badge's own tags.
        const tags = elements.reduce((count, e) => count + (e.selfClosing ? 1 : 2), 0)
        assert.equal(svg.split('<').length - 1, tags)
        assert.deepEqual(
          elements.map((e) => e.name),
          parseSvg(badgeSvg({ label: 'a', title: 'b', verdict } as Badge)).map((e) => e.name),
        )
        const texts = only(elements, 'text').map((e) => e.text)
        assert.deepEqual(texts.slice(0, 2), [xmlSafe(label), xmlSafe(label)])
        assert.equal(only(elements, 'title')[0]?.text, xmlSafe(title))
        assert.equal(elements[0]?.attributes['aria-label'], xmlSafe(`${label}: ${verdict}`))
      },
    ),
    { numRuns: 500 },
  )
})
