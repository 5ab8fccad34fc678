import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseStackJson } from './parse-stack-json.ts'

// Columns: the rule, the text, the fault (location: reason) or null for parsed.
const CASES: readonly (readonly [string, string, string | null])[] = [
  ['an object parses', '{"a": [1, 2]}', null],
  [
    'a syntax error is located by line and column',
    '{\n  "a": 1,\n  "b": ]\n}',
    'line 3, column 8: is not valid JSON: unexpected token',
  ],
  [
    'a key given twice is refused: which value would count?',
    '{"version": "1", "version": "2"}',
    'line 1, column 18: is not valid JSON: key "version" is given twice',
  ],
  [
    'nesting deeper than any stack file is refused, not a stack overflow',
    `${'['.repeat(200)}${']'.repeat(200)}`,
    'line 1, column 130: is not valid JSON: nesting too deep',
  ],
]

for (const [rule, text, fault] of CASES) {
  test(rule, () => {
    const parsed = parseStackJson(text)
    assert.equal(parsed.ok ? null : `${parsed.fault.location}: ${parsed.fault.reason}`, fault)
  })
}
