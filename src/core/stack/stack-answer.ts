/**
 * The stack route's answer: the compatibility of the stack (`evaluateStack`) and, beside it,
 * where each component's release line stands on a day. Support never changes the verdict
 * (docs/api.md, "Stacks").
 */
import { type Static, Type } from 'typebox'
import type { Dataset } from '../dataset/build-dataset.ts'
import { componentSupport } from '../lifecycle/component-support.ts'
import { ComponentSupportSchema } from '../lifecycle/lifecycle-result.ts'
import { evaluateStack, type StackRequest } from './evaluate-stack.ts'
import { StackResultSchema } from './stack-result.ts'

export const StackAnswerSchema = Type.Object(
  {
    ...StackResultSchema.properties,
    date: Type.String({
      format: 'date',
      description: 'The day support is judged on (today in UTC when not given), YYYY-MM-DD.',
    }),
    support: Type.Array(ComponentSupportSchema, {
      description: 'Each component’s support on that day, in request order.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Whether a whole stack is documented compatible with itself, and whether each component is still supported.',
  },
)

export type StackAnswer = Static<typeof StackAnswerSchema>

/** @example evaluateStackAnswer(dataset, { components: [['kubernetes', '1.31.4']], date: '2026-11-28' }) */
export function evaluateStackAnswer(
  dataset: Dataset,
  request: StackRequest & { readonly date: string },
): StackAnswer {
  return {
    ...evaluateStack(dataset, request),
    date: request.date,
    support: request.components.map(([component, version]) =>
      componentSupport(dataset, component, version, request.date),
    ),
  }
}
