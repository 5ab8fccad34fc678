import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePublicUrl } from './parse-public-url.ts'

// Columns: COMPAT_PUBLIC_URL, the base the site uses (null: refused).
const CASES: [string, string | null][] = [
  ['https://compat.example.org', 'https://compat.example.org'],
  ['https://compat.example.org/', 'https://compat.example.org'],
  ['HTTP://Compat.Example.org:8443', 'http://compat.example.org:8443'],
  ['compat.example.org', null],
  ['https://x.org/?', null],
  ['https://x.org/#', null],
  ['https://x.org/compat', null],
  ['https://user:pw@x.org', null],
  ['ftp://x.org', null],
  ['', null],
]

test('parsePublicUrl keeps an origin and refuses what the links could not honour', () => {
  for (const [text, base] of CASES) {
    const parsed = parsePublicUrl(text)
    assert.deepEqual('url' in parsed ? parsed.url : null, base, text)
    if (!('url' in parsed)) assert.match(parsed.error, /^COMPAT_PUBLIC_URL must be/)
  }
})
