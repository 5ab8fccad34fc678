/**
 * Which pasted files the stack page sends to the API itself (SBOMs, by the fields the server
 * tells them by) and which it lets the form post: every fixture of test/fixtures/stack-files,
 * and the edges, as the server's own detection reads them.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { detectStackFile } from '../../src/data/stack-files/detect-stack-file.ts'
import { sizeText } from '../../src/site/stack-file-markup.ts'
import { sbomMediaType } from '../../web/src/sbom-media-type.ts'

const FIXTURES = fileURLToPath(new URL('../fixtures/stack-files/', import.meta.url))

// [text, the media type the page posts it with, null: the form posts it]
const CASES: [string, string | null][] = [
  ['{"bomFormat":"CycloneDX","specVersion":"1.6"}', 'application/vnd.cyclonedx+json'],
  ['\uFEFF  {"specVersion":"1.5","components":[]}', 'application/vnd.cyclonedx+json'],
  ['{"spdxVersion":"SPDX-2.3"}', 'application/spdx+json'],
  ['{"SPDXID":"SPDXRef-DOCUMENT"}', 'application/spdx+json'],
  ['{"documentNamespace":"https://example.org/x"}', 'application/spdx+json'],
  // A CycloneDX version the server does not read is still the API's to refuse, with where.
  ['{"bomFormat":"CycloneDX","specVersion":"1.2"}', 'application/vnd.cyclonedx+json'],
  ['{"lockfileVersion":3,"packages":{}}', null],
  ['{"serverVersion":{"gitVersion":"v1.31.2"}}', null],
  ['[{"name":"x","chart":"x-1.0.0","app_version":"1.0.0"}]', null],
  ['django==5.2\n', null],
  ['{"bomFormat":', null],
  ['{"specVersion":"1.6"}', null],
  ['', null],
]

for (const [text, expected] of CASES) {
  test(`${JSON.stringify(text.slice(0, 40))} is ${expected ?? 'posted by the form'}`, () => {
    assert.equal(sbomMediaType(text), expected)
  })
}

test('every fixture file: an SBOM for the page exactly when the server reads it as one', () => {
  for (const folder of readdirSync(FIXTURES, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue
    for (const name of readdirSync(join(FIXTURES, folder.name))) {
      const text = readFileSync(join(FIXTURES, folder.name, name), 'utf8')
      const read = detectStackFile(text)
      const format = read.ok ? read.stack.format : read.format
      const sbom = format === 'cyclonedx' || format === 'spdx'
      assert.equal(sbomMediaType(text) !== null, sbom, `${folder.name}/${name}`)
    }
  }
})

// [bytes, as written]
const SIZES: [number, string][] = [
  [512, '512 bytes'],
  [2048, '2.0 KiB'],
  [5 * 1024 * 1024 + 300_000, '5.3 MiB'],
]

for (const [bytes, expected] of SIZES) {
  test(`${bytes} bytes read “${expected}”`, () => assert.equal(sizeText(bytes), expected))
}
