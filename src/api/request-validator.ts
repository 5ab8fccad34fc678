/** One Ajv configuration for every request schema, so all routes report faults alike. */
import { Ajv } from 'ajv'
import { Type } from 'typebox'
import { lazyValidator } from './lazy-validator.ts'
import {
  CheckBodySchema,
  DependenciesRequestSchema,
  NoQuerySchema,
  PlanBodySchema,
  StackBodySchema,
  StackPostQuerySchema,
} from './request-schemas.ts'

export const ajv = new Ajv({
  // Report every offending parameter at once, not just the first.
  allErrors: true,
  // A query value given twice arrives as an array: that is an error, never coerced away.
  coerceTypes: false,
  // Unknown parameters are reported, not silently dropped.
  removeAdditional: false,
  useDefaults: false,
  strict: false,
  // The request schemas are ours and tested; checking them against the meta-schema at every
  // start would cost more than the command it serves.
  validateSchema: false,
})

for (const format of ['date', 'uri']) ajv.addFormat(format, true)

/** The combination check body: also the GET form's and the CLI's combination. */
export const validateCheckBody = lazyValidator(ajv, CheckBodySchema)

/** The versions question's `dependencies`, judged as the field of an object so errors name it. */
export const validateVersionsDependencies = lazyValidator(
  ajv,
  Type.Object({ dependencies: DependenciesRequestSchema }),
)

/** A stack: the POST body, and the GET form's `components`. */
export const validateStackBody = lazyValidator(ajv, StackBodySchema)

/** A plan: components, target and how to treat the unknown. */
export const validatePlanBody = lazyValidator(ajv, PlanBodySchema)

/** The query of a route that takes none. */
export const validateNoQuery = lazyValidator(ajv, NoQuerySchema)

/** The query of `POST /api/v1/stack`: the day, and the format of a posted file. */
export const validateStackPostQuery = lazyValidator(ajv, StackPostQuerySchema)
