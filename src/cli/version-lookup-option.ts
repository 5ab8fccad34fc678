/** `--version-lookup exact|line`, over COMPAT_VERSION_LOOKUP, for `compat check` and `compat serve`. */
import { VERSION_LOOKUPS, type VersionLookup } from '../core/check/resolve-project-version.ts'
import type { CliContext } from './cli-context.ts'
import { CliError, usageError } from './cli-error.ts'

/**
 * The flag wins over the environment; neither means exact lookup, as the API specifies.
 *
 * @example readVersionLookup('check', 'line', context) // 'line'
 */
export function readVersionLookup(
  command: string,
  flag: string | undefined,
  context: CliContext,
): VersionLookup {
  if (flag !== undefined) {
    const lookup = VERSION_LOOKUPS.find((candidate) => candidate === flag)
    if (lookup === undefined) {
      throw usageError(command, `--version-lookup '${flag}' must be exact or line`)
    }
    return lookup
  }
  const setting = context.env.COMPAT_VERSION_LOOKUP
  if (setting === undefined || setting === '') return 'exact'
  const lookup = VERSION_LOOKUPS.find((candidate) => candidate === setting)
  if (lookup === undefined) {
    throw new CliError(
      `COMPAT_VERSION_LOOKUP '${setting}' must be exact or line; fix or unset the environment variable`,
    )
  }
  return lookup
}
