/**
 * The official SARIF 2.1.0 schema as a validator: OASIS's schema (errata 01), vendored from
 * oasis-tcs/sarif-spec at commit ffa72eb4d4d7504ac43736489b0444aff7afdd74,
 * Schemata/sarif-schema-2.1.0.json (the copy that "exactly matches OASIS' official version"),
 * compiled as the draft-04 schema it declares, with its formats checked.
 */
import { readFileSync } from 'node:fs'
import Ajv04 from 'ajv-draft-04'
import addFormats from 'ajv-formats'

const SCHEMA = JSON.parse(
  readFileSync(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
)

export function sarifValidator() {
  // Both packages are CommonJS: their classes are the `default` of the module Node loads.
  const ajv = new Ajv04.default({ allErrors: true, strict: false })
  addFormats.default(ajv)
  return ajv.compile(SCHEMA)
}
