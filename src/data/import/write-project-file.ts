/** Writes a project document as a data file maintainers can read and edit. */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Document, isMap, isPair, isScalar, isSeq, type Node, visit } from 'yaml'
import type { ProjectDocument } from '../../core/dataset/schema.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** How the bundled files write YAML: no padding inside `[...]`, long lines never folded. */
export const YAML_OUTPUT = { lineWidth: 0, flowCollectionPadding: false } as const

/**
 * The bundled files' style on a new node: lists of plain values on one line, constraints on
 * one line (`[{type: same-version}]`), dates quoted for YAML 1.1 tools.
 */
export function styleLikeBundledFiles(node: Node | Document): void {
  visit(node, {
    Pair(_key, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || pair.key.value !== 'constraints') return
      if (!isSeq(pair.value) || !pair.value.items.every((item) => isMap(item))) return
      pair.value.flow = true
      for (const item of pair.value.items) if (isMap(item)) item.flow = true
    },
    Seq(_key, seq) {
      if (!isSeq(seq) || !seq.items.every((item) => isScalar(item))) return
      seq.flow = true
      for (const item of seq.items) {
        if (isScalar(item) && typeof item.value === 'string') item.type = 'QUOTE_DOUBLE'
      }
    },
    Scalar(_key, scalar) {
      if (isScalar(scalar) && typeof scalar.value === 'string' && DATE.test(scalar.value)) {
        scalar.type = 'QUOTE_DOUBLE'
      }
    },
  })
}

/** The file's text: the schema line for editors, then the document in the bundled files' style. */
export function projectFileText(document: ProjectDocument): string {
  const yaml = new Document(document, { aliasDuplicateObjects: false })
  styleLikeBundledFiles(yaml)
  // Version keys are always quoted, so that `1.10` stays a string for every YAML reader.
  const versions = yaml.get('versions', true)
  if (isMap(versions)) {
    for (const pair of versions.items) if (isScalar(pair.key)) pair.key.type = 'QUOTE_DOUBLE'
  }
  return `# yaml-language-server: $schema=../schema/project.schema.json\n${yaml.toString(YAML_OUTPUT)}`
}

/** `<dir>/<id>.yaml`; returns its path. */
export async function writeProjectFile(dir: string, document: ProjectDocument): Promise<string> {
  const file = join(dir, `${document.id}.yaml`)
  await writeFile(file, projectFileText(document))
  return file
}
