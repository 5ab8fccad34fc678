/**
 * Writes data/schema/project.schema.json from the TypeBox schema the loader validates with,
 * so editors check data files while typing. `--check` fails when the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { projectJsonSchema } from '../src/core/dataset/project-json-schema.ts'

const target = fileURLToPath(new URL('../data/schema/project.schema.json', import.meta.url))
const text = `${JSON.stringify(projectJsonSchema(), null, 2)}\n`

if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(`${target} is out of date: run npm run data:schema`)
    process.exit(1)
  }
} else {
  writeFileSync(target, text)
  console.log(`wrote ${target}`)
}
