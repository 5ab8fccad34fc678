import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Type } from 'typebox'
import { formatShapeFault, pointerTo, shapeReader } from './shape-reader.ts'

const readPackage = shapeReader(
  Type.Object({
    name: Type.String({ pattern: '\\S' }),
    engines: Type.Optional(Type.Object({ node: Type.Optional(Type.String()) })),
    keywords: Type.Optional(Type.Array(Type.String())),
    repository: Type.Optional(
      Type.Union([Type.String(), Type.Object({ url: Type.Optional(Type.String()) }), Type.Null()]),
    ),
    peers: Type.Optional(Type.Record(Type.String(), Type.String())),
  }),
)

// Columns: the rule, the value read, the value kept (undefined: left out), the faults as printed.
const CASES: readonly (readonly [string, unknown, unknown, string[]])[] = [
  ['a value that fits is kept whole', { name: 'a', x: 1 }, { name: 'a', x: 1 }, []],
  [
    'a wrong field is located and taken out; the rest is kept',
    { name: 'a', engines: ['node >= 0.4'] },
    { name: 'a' },
    ['/engines must be an object, found ["node >= 0.4"]'],
  ],
  [
    'every fault is collected, in document order',
    { name: 'a', engines: { node: 4 }, keywords: ['web', 3, 'api', null] },
    { name: 'a', engines: {}, keywords: ['web', 'api'] },
    [
      '/engines/node must be a string, found 4',
      '/keywords/1 must be a string, found 3',
      '/keywords/3 must be a string, found null',
    ],
  ],
  [
    'a union is one fault naming its alternatives',
    { name: 'a', repository: 5 },
    { name: 'a' },
    ['/repository must be a string, an object or null, found 5'],
  ],
  [
    "an object in a union with one object alternative: that alternative's own faults",
    { name: 'a', repository: { url: 5 } },
    { name: 'a', repository: {} },
    ['/repository/url must be a string, found 5'],
  ],
  [
    'keys with / and ~ are escaped in the pointer',
    { name: 'a', peers: { '@scope/pkg': 1, 'a~b': '1' } },
    { name: 'a', peers: { 'a~b': '1' } },
    ['/peers/@scope~1pkg must be a string, found 1'],
  ],
  [
    'a required field that is wrong leaves the value out',
    { name: ' ', engines: 'x' },
    undefined,
    ['/name must be a non-blank string, found " "', '/engines must be an object, found "x"'],
  ],
  ['a missing required field is named', { engines: {} }, undefined, ['/name is missing']],
  ['a value of the wrong kind', [1], undefined, ['the document must be an object, found [1]']],
  [
    'a long value is cut',
    { name: 'a', engines: 'x'.repeat(100) },
    { name: 'a' },
    [`/engines must be an object, found "${'x'.repeat(56)}…`],
  ],
]

for (const [rule, value, kept, faults] of CASES) {
  test(`shapeReader: ${rule}`, () => {
    const read = readPackage(value)
    assert.deepEqual(read.value, kept)
    assert.deepEqual(read.faults.map(formatShapeFault), faults)
  })
}

test('shapeReader: faults are located in the whole document, below `at`', () => {
  const read = readPackage({ engines: [] }, pointerTo('', 'versions', '1.0.0'))
  assert.deepEqual(read.faults.map(formatShapeFault), [
    '/versions/1.0.0/name is missing',
    '/versions/1.0.0/engines must be an object, found []',
  ])
})

test('shapeReader: the value read is not changed', () => {
  const value = { name: 'a', keywords: ['web', 3] }
  readPackage(value)
  assert.deepEqual(value, { name: 'a', keywords: ['web', 3] })
})
