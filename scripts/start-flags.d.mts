/** Types of start-flags.mjs. */
export declare const START_FLAGS: readonly string[]
