import type { Ajv, ErrorObject } from 'ajv'

/** A validator as its callers use one: call it, then read `errors` when it said no. */
export type LazyValidateFunction = ((data: unknown) => boolean) & {
  errors: ErrorObject[] | null | undefined
}

/**
 * The validator Ajv would compile for `schema`, compiled when first called: compiling every
 * request schema took about 80 ms of each server start and CLI command, most of which never
 * validate that kind of request.
 */
export function lazyValidator(ajv: Ajv, schema: object): LazyValidateFunction {
  let compiled: ReturnType<Ajv['compile']> | undefined
  const validate = (data: unknown): boolean => {
    compiled ??= ajv.compile(schema)
    const valid = compiled(data) as boolean
    validate.errors = compiled.errors
    return valid
  }
  validate.errors = null as ErrorObject[] | null | undefined
  return validate
}
