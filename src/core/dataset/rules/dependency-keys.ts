import type { Fault } from '../fault.ts'
import { ID_PATTERN } from '../schema.ts'
import { dependencyEntries } from '../walk-document.ts'
import type { DocumentRule } from './rule.ts'

const DEPENDENCY_KEY = new RegExp(ID_PATTERN)

/** Dependency keys are lowercase slugs, like project ids, so clients can type them. */
export const dependencyKeys: DocumentRule = (document) => {
  const faults: Fault[] = []
  for (const { dependencyKey, path } of dependencyEntries(document)) {
    if (!DEPENDENCY_KEY.test(dependencyKey)) {
      faults.push({
        path,
        message: `dependency key '${dependencyKey}' must be a lowercase slug: letters, digits, ".", "_" or "-"`,
      })
    }
  }
  return faults
}
