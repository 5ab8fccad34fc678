/** A range a file declares, converted to compat's grammar, or why it cannot be read. */
import type { Declared } from '../../core/scan/declaration.ts'
import type { ConvertedRanges } from '../import/convert-range.ts'

/** @example declaredRange('>=3.9', convertPythonSpecifier('>=3.9')) // { range: '>=3.9', ranges: ['>=3.9'] } */
export function declaredRange(written: string, converted: ConvertedRanges): Declared {
  return 'ranges' in converted
    ? { range: written, ranges: converted.ranges }
    : { unknown: `the range '${written}' cannot be read: ${converted.error}` }
}
