/**
 * The tiers that answer a request on a shorter way than Fastify's general one. Each is on in
 * production; a tier is switched off only to measure what it buys against the general way
 * (`npm run bench -- --tiers`, docs/performance.md, "What each tier buys"), and a tier that
 * buys too little is removed rather than kept switchable.
 */
export interface FrontDoorTiers {
  /** GET answers made before for the served dataset, sent from Node's handler (front-door.ts). */
  readonly cachedAnswers: boolean
  /** A plain single check never asked before, read by `readValidSingleCheck` at the front door. */
  readonly newSingleCheck: boolean
  /** POST bodies read at the front door, the usual check body proven valid as it is read. */
  readonly bodyReaders: boolean
}

export const EVERY_TIER: FrontDoorTiers = {
  cachedAnswers: true,
  newSingleCheck: true,
  bodyReaders: true,
}

/** The names `COMPAT_TIERS_OFF` takes, each with the tier it switches off. */
export const TIER_NAMES: Readonly<Record<string, keyof FrontDoorTiers>> = {
  cached: 'cachedAnswers',
  'new-check': 'newSingleCheck',
  bodies: 'bodyReaders',
}

/** `['cached', 'bodies']` → every tier on but those, or the first name that is none. */
export function tiersWithout(names: readonly string[]): FrontDoorTiers | { unknown: string } {
  const tiers: Record<keyof FrontDoorTiers, boolean> = { ...EVERY_TIER }
  for (const name of names) {
    const tier = Object.hasOwn(TIER_NAMES, name) ? TIER_NAMES[name] : undefined
    if (tier === undefined) return { unknown: name }
    tiers[tier] = false
  }
  return tiers
}
