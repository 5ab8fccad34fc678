/**
 * The stack route's answer to an SBOM: the stack's own answer for the components derived from
 * it, then what they were derived from (docs/api.md, "Stacks from files").
 */
import { type Static, Type } from 'typebox'
import { DerivedStackSchema } from './derive-stack.ts'
import { StackAnswerSchema } from './stack-answer.ts'

export const DerivedStackAnswerSchema = Type.Object(
  { ...StackAnswerSchema.properties, ...DerivedStackSchema.properties },
  {
    additionalProperties: false,
    description:
      'The answer for the stack derived from a file: its components are the catalogued projects matched, by id, at the versions found; then what was matched, what was left out and why, and the names found at several versions.',
  },
)

export type DerivedStackAnswer = Static<typeof DerivedStackAnswerSchema>
