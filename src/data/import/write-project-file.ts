/** Writes a project document as a data file maintainers can read and edit. */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Document, isScalar, isSeq, visit } from 'yaml'
import type { ProjectDocument } from '../../core/dataset/schema.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The file's text: the schema line for editors, then the document in the bundled files' style
 * (lists of plain values on one line); dates quoted for YAML 1.1 tools.
 */
export function projectFileText(document: ProjectDocument): string {
  const yaml = new Document(document, { aliasDuplicateObjects: false })
  visit(yaml, {
    Seq(_key, node) {
      if (isSeq(node) && node.items.every((item) => isScalar(item))) node.flow = true
    },
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && DATE.test(node.value)) {
        node.type = 'QUOTE_DOUBLE'
      }
    },
  })
  return `# yaml-language-server: $schema=../schema/project.schema.json\n${yaml.toString({ lineWidth: 0 })}`
}

/** `<dir>/<id>.yaml`; returns its path. */
export async function writeProjectFile(dir: string, document: ProjectDocument): Promise<string> {
  const file = join(dir, `${document.id}.yaml`)
  await writeFile(file, projectFileText(document))
  return file
}
