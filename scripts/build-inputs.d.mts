/** Types of build-inputs.mjs, for scripts/build.ts. */
export declare const ROOT: string
export declare const STAMP: string
export declare function buildInputsFingerprint(): string
export declare function recordedFingerprint(): string | null
