/** A plan's answer begins with its request, echoed (docs/api.md, "Plans"). */
import type { PlanRequest } from './plan-request.ts'
import type { PlanResult } from './plan-result.ts'

/** The request as the answer echoes it: `path`, `supportedOn` and `prefer` only when sent. */
export function echoOf(
  request: PlanRequest,
): Pick<PlanResult, 'components' | 'target' | 'unknown' | 'path' | 'supportedOn' | 'prefer'> {
  const echo = (named: readonly (readonly [string, string])[]) => {
    const object: Record<string, string> = Object.create(null)
    for (const [name, version] of named) object[name] = version
    return object
  }
  return {
    components: echo(request.components),
    target: echo(request.target),
    unknown: request.unknown,
    ...(request.path === undefined ? {} : { path: request.path }),
    ...(request.supportedOn === undefined ? {} : { supportedOn: request.supportedOn }),
    ...(request.prefer === undefined ? {} : { prefer: request.prefer }),
  }
}
