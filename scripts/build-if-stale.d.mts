/** Types of build-if-stale.mjs. */
export declare function ensureBuilt(): boolean
