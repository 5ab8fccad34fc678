import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { MAX_FORM_FILES } from '../api/request-limits.ts'
import {
  decodeFormFile,
  FILE_TOO_LARGE,
  FILES_TOO_LARGE,
  FORM_NOT_READ,
  TOO_MANY_FILES,
} from './decode-form-file.ts'

const form = (text: string) => Buffer.from(text)

// Columns: the rule, the form body, what is read of it.
const CASES: readonly (readonly [string, string, unknown])[] = [
  [
    'a plain field',
    'file=flask%3D%3D3.0.3',
    { text: 'flask==3.0.3', others: [], bytes: 12, target: '' },
  ],
  ['+ is a space', 'file=a+b', { text: 'a b', others: [], bytes: 3, target: '' }],
  ['CRLF becomes LF', 'file=a%0D%0Ab', { text: 'a\nb', others: [], bytes: 3, target: '' }],
  ['other fields are ignored', 'x=1&file=a&y', { text: 'a', others: [], bytes: 1, target: '' }],
  [
    'the target asked',
    'file=a&target=react%4019',
    { text: 'a', others: [], bytes: 1, target: 'react@19' },
  ],
  [
    'a bad escape stays as written',
    'file=%zz%4',
    { text: '%zz%4', others: [], bytes: 5, target: '' },
  ],
  ['a box each, in order', 'file=a&file=bc', { text: 'a', others: ['bc'], bytes: 3, target: '' }],
  [
    'empty boxes are no file',
    'file=&file=a&file=+',
    { text: 'a', others: [], bytes: 1, target: '' },
  ],
  [
    `${MAX_FORM_FILES} boxes are the most`,
    Array.from({ length: MAX_FORM_FILES + 1 }, () => 'file=a').join('&'),
    { status: 400, refused: TOO_MANY_FILES },
  ],
  ['no field', 'other=a', { status: 400, refused: FORM_NOT_READ }],
  [
    'an empty box',
    'file=+%0A',
    { status: 400, refused: 'The box was empty: paste the contents of a file, or choose one.' },
  ],
]

for (const [rule, body, expected] of CASES) {
  test(`form: ${rule}`, () => assert.deepEqual(decodeFormFile(form(body)), expected))
}

test('bytes that are not UTF-8 are refused, not read as U+FFFD', () => {
  const read = decodeFormFile(form('file=%FF%FEflask'))
  assert.equal('status' in read && read.status, 400)
  assert.match('refused' in read ? read.refused : '', /not UTF-8 text/)
})

test('a file over 4 MiB once decoded is 413', () => {
  assert.deepEqual(decodeFormFile(form(`file=${'a'.repeat(4 * 1024 * 1024 + 1)}`)), {
    status: 413,
    refused: FILE_TOO_LARGE,
  })
})

test('files over 4 MiB together are 413', () => {
  const half = 'a'.repeat(2 * 1024 * 1024 + 1)
  assert.deepEqual(decodeFormFile(form(`file=${half}&file=${half}`)), {
    status: 413,
    refused: FILES_TOO_LARGE,
  })
})

test('any UTF-8 text reads as URLSearchParams reads it', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string(), (text, other) => {
      const body = new URLSearchParams([
        ['x', other],
        ['file', text],
      ]).toString()
      const read = decodeFormFile(form(body))
      const expected = text.split('\r\n').join('\n')
      if (expected.trim() === '') assert.equal('status' in read && read.status, 400)
      else assert.equal('text' in read && read.text, expected)
    }),
  )
})

test('a body of a million fields is read in one pass', () => {
  const read = decodeFormFile(form(`${'a&'.repeat(1_000_000)}file=x`))
  assert.equal('text' in read && read.text, 'x')
})
