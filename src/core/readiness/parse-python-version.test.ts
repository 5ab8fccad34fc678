import assert from 'node:assert/strict'
import { test } from 'node:test'
import { comparePythonVersions } from './compare-python-versions.ts'
import { parsePythonVersion } from './parse-python-version.ts'

// [text, epoch, release, pre, post, dev, local] — null: no PEP 440 version
const PARSED: ReadonlyArray<
  [string, number, number[], string | null, number | null, number | null, string] | [string, null]
> = [
  ['3.13', 0, [3, 13], null, null, null, ''],
  ['v3.13.0', 0, [3, 13, 0], null, null, null, ''],
  [' 3.13.1 ', 0, [3, 13, 1], null, null, null, ''],
  ['1!2.0', 1, [2, 0], null, null, null, ''],
  ['3.14.0rc1', 0, [3, 14, 0], 'rc1', null, null, ''],
  ['3.14.0-RC.2', 0, [3, 14, 0], 'rc2', null, null, ''],
  ['1.0c1', 0, [1, 0], 'rc1', null, null, ''],
  ['1.0preview3', 0, [1, 0], 'rc3', null, null, ''],
  ['1.0alpha', 0, [1, 0], 'a0', null, null, ''],
  ['1.0.beta_4', 0, [1, 0], 'b4', null, null, ''],
  ['1.0.post1', 0, [1, 0], null, 1, null, ''],
  ['1.0-1', 0, [1, 0], null, 1, null, ''],
  ['1.0.rev2', 0, [1, 0], null, 2, null, ''],
  ['1.0r', 0, [1, 0], null, 0, null, ''],
  ['1.0.dev3', 0, [1, 0], null, null, 3, ''],
  ['1.0a1.post2.dev3', 0, [1, 0], 'a1', 2, 3, ''],
  ['1.0+Ubuntu-1.2', 0, [1, 0], null, null, null, 'ubuntu.1.2'],
  ['007.01', 0, [7, 1], null, null, null, ''],
  ['', null],
  ['3.', null],
  ['.3', null],
  ['3..1', null],
  ['3.13x', null],
  ['1.0+', null],
  ['1.0+a..b', null],
  ['latest', null],
  ['1234567890123456789', null],
]

test('parsePythonVersion reads PEP 440 versions in their normal and alternative spellings', () => {
  for (const [text, epoch, release, pre, post, dev, local] of PARSED) {
    const parsed = parsePythonVersion(text)
    if (epoch === null) {
      assert.equal(parsed, null, `'${text}' is no version`)
      continue
    }
    assert.ok(parsed !== null, `'${text}' is a version`)
    assert.deepEqual(
      [
        parsed.epoch,
        parsed.release,
        parsed.pre === null ? null : `${parsed.pre.kind}${parsed.pre.number}`,
        parsed.post,
        parsed.dev,
        parsed.local.join('.'),
      ],
      [epoch, release, pre, post, dev, local],
      text,
    )
  }
})

// Each version sorts before the next (PEP 440's own example order, and padding).
const ORDER = [
  '1.0.dev456',
  '1.0a1',
  '1.0a2.dev456',
  '1.0a12.dev456',
  '1.0a12',
  '1.0b1.dev456',
  '1.0b2',
  '1.0b2.post345.dev456',
  '1.0b2.post345',
  '1.0rc1.dev456',
  '1.0rc1',
  '1.0',
  '1.0+abc.5',
  '1.0+abc.7',
  '1.0+5',
  '1.0.post456.dev34',
  '1.0.post456',
  '1.0.15',
  '1.1.dev1',
  '1!0.1',
]

test('comparePythonVersions orders versions as PEP 440 does', () => {
  for (let index = 1; index < ORDER.length; index++) {
    const before = parsePythonVersion(ORDER[index - 1] as string)
    const after = parsePythonVersion(ORDER[index] as string)
    assert.ok(before !== null && after !== null)
    assert.ok(comparePythonVersions(before, after) < 0, `${ORDER[index - 1]} < ${ORDER[index]}`)
    assert.ok(comparePythonVersions(after, before) > 0, `${ORDER[index]} > ${ORDER[index - 1]}`)
  }
  const padded = [parsePythonVersion('3.13'), parsePythonVersion('3.13.0.0')]
  assert.equal(comparePythonVersions(padded[0] as never, padded[1] as never), 0, '3.13 == 3.13.0.0')
})

test('a long hostile line is read in one pass', () => {
  assert.equal(parsePythonVersion(`1${'.1'.repeat(100_000)}x`), null)
  assert.equal(parsePythonVersion(`1.0${'-'.repeat(100_000)}`), null)
})
