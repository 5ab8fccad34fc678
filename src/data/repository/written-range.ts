/** A range a file declares, converted to compat's grammar, or why it cannot be read. */
import type { Declared } from '../../core/scan/scan-declaration.ts'
import type { ConvertedRanges } from '../import/convert-range.ts'
import { tooLong } from './clip-text.ts'

/**
 * The converter runs only on text short enough to be a range.
 *
 * @example writtenRange('>=3.9', convertPythonSpecifier) // { range: '>=3.9', ranges: ['>=3.9'] }
 */
export function writtenRange(
  written: string,
  convert: (text: string) => ConvertedRanges,
): Declared {
  const long = tooLong(written)
  if (long !== null) return { unknown: long }
  const converted = convert(written)
  return 'ranges' in converted
    ? { range: written, ranges: converted.ranges }
    : { unknown: `the range '${written}' cannot be read: ${converted.error}` }
}
