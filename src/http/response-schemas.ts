/** Schemas of what the API answers, for OpenAPI and for compiled serializers. */
import fastJsonStringify from 'fast-json-stringify'
import { Type } from 'typebox'
import {
  CombinationCheckResultSchema,
  SingleCheckResultSchema,
} from '../core/check/check-result.ts'
import { ProjectDocumentSchema } from '../core/dataset/schema.ts'
import { ProblemSchema } from './problem.ts'

export const ProjectIndexEntrySchema = Type.Object(
  {
    id: Type.String({ description: 'Stable project id, used in every later request.' }),
    name: Type.String({ description: 'Display name.' }),
    categories: Type.Array(Type.String(), { description: 'Categories of the project.' }),
    website: Type.String({ format: 'uri', description: 'The project’s website.' }),
    versions: Type.Array(Type.String(), { description: 'Known versions, newest first.' }),
  },
  { description: 'A project in the index.' },
)

export const ProjectListSchema = Type.Object(
  { projects: Type.Array(ProjectIndexEntrySchema, { description: 'Every project, by id.' }) },
  { description: 'The project index.' },
)

export const ServiceInfoSchema = Type.Object(
  {
    name: Type.String({ description: 'Service name.' }),
    apiVersion: Type.String({ description: 'API version, part of the path prefix.' }),
    dataset: Type.Object(
      {
        version: Type.String({
          description: 'Content hash (sha256) of the data files being served.',
        }),
        projects: Type.Integer({ description: 'Number of projects.' }),
        entries: Type.Integer({
          description: 'Number of dependency entries (version × dependency).',
        }),
        loadedAt: Type.String({ format: 'date-time', description: 'When the dataset was loaded.' }),
      },
      { description: 'The dataset being served.' },
    ),
    links: Type.Record(Type.String(), Type.String(), {
      description: 'Where to go next: the endpoints and the documentation.',
    }),
  },
  { description: 'What this service is and what it serves.' },
)

export const HealthSchema = Type.Object(
  { status: Type.String({ description: 'ok, or why not.' }) },
  { description: 'Health state.' },
)

export {
  CombinationCheckResultSchema,
  ProblemSchema,
  ProjectDocumentSchema,
  SingleCheckResultSchema,
}

/** Compiled from the schemas: the reference that `serialize-check.ts` must equal byte for byte. */
export const schemaSerializeSingleCheck = fastJsonStringify(SingleCheckResultSchema as object)
export const schemaSerializeCombinationCheck = fastJsonStringify(
  CombinationCheckResultSchema as object,
)

/** The problem responses an operation can give, for its OpenAPI description. */
export function problemResponses(...statuses: number[]): Record<number, unknown> {
  // Every path answers 405 for methods it does not route.
  const all = [...new Set([...statuses, 405])].sort()
  const descriptions: Record<number, string> = {
    400: 'Invalid parameters; `errors` names each one.',
    404: 'Unknown route or project.',
    405: 'Method not allowed on this path; see the Allow header.',
    413: 'Body larger than 16 KiB.',
    415: 'Body not sent as application/json.',
    503: 'No dataset loaded yet, or the server is overloaded; see Retry-After.',
  }
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: descriptions[status] ?? 'Error.',
        content: { 'application/problem+json': { schema: ProblemSchema } },
      },
    ]),
  )
}

/** A 200 (or other) answer with a JSON body, for an operation's OpenAPI description. */
export function jsonResponse(description: string, schema: object): Record<string, unknown> {
  return { description, content: { 'application/json': { schema } } }
}

export const notModifiedResponse = {
  description: 'Not modified: the If-None-Match tag is current.',
  type: 'null',
}
