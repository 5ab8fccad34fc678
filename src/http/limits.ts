/** Every limit of the HTTP layer in one place, each with its reason. */

/** Seed 8: required values are non-empty strings of at most 128 characters. */
export const MAX_VALUE_LENGTH = 128
/** Seed 8: a combination check holds 1 to 32 dependencies. */
export const MIN_DEPENDENCIES = 1
export const MAX_DEPENDENCIES = 32
/** Seed 8: POST bodies of at most 16 KiB; also the cap of the GET form's `dependencies` value. */
export const MAX_BODY_BYTES = 16 * 1024
/** Deeper JSON than any valid request needs; stops stack-exhausting bodies early. */
export const MAX_JSON_DEPTH = 32
/** Below this, compression costs more than the bytes it saves (CONTRACT §6). */
export const MIN_COMPRESS_BYTES = 1024
/** Default `Cache-Control: max-age`; long enough for a CDN to absorb bursts, short enough for data fixes. */
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 300
/** Preflight answers may be cached by browsers for a day: the API's CORS policy never varies. */
export const CORS_MAX_AGE_SECONDS = 86_400
