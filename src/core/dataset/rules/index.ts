import { aliases } from './aliases.ts'
import { calendarDates } from './calendar-dates.ts'
import { dependencyKeys } from './dependency-keys.ts'
import { evidence } from './evidence.ts'
import { httpUrls } from './http-urls.ts'
import { idMatchesFile } from './id-matches-file.ts'
import { identifiersRule } from './identifiers.ts'
import { keysWithinLifecycle } from './keys-within-lifecycle.ts'
import { lifecycleLinesRule } from './lifecycle-lines.ts'
import { rangesParse } from './ranges-parse.ts'
import type { DocumentRule } from './rule.ts'
import { schemaShape } from './schema-shape.ts'
import { sinceKeys } from './since-keys.ts'
import { testedBasis } from './tested-basis.ts'
import { upgradeNotes } from './upgrade-notes.ts'
import { upgradeRule } from './upgrade-rule.ts'
import { upstreamTags } from './upstream-tags.ts'
import { versionKeysRule } from './version-keys.ts'

/** Every rule a project document must pass; each reports all of its faults. */
export const DOCUMENT_RULES: readonly DocumentRule[] = [
  schemaShape,
  idMatchesFile,
  aliases,
  versionKeysRule,
  sinceKeys,
  dependencyKeys,
  rangesParse,
  evidence,
  testedBasis,
  calendarDates,
  httpUrls,
  upstreamTags,
  lifecycleLinesRule,
  keysWithinLifecycle,
  upgradeRule,
  upgradeNotes,
  identifiersRule,
]
