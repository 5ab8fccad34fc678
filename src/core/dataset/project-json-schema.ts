/** The project document schema as a standalone JSON Schema document, for editors. */
import { ProjectDocumentSchema } from './schema.ts'

export function projectJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'compat project compatibility document',
    ...JSON.parse(JSON.stringify(ProjectDocumentSchema)),
  }
}
