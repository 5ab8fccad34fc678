/**
 * The limits of what a client may send (docs/api.md, "Errors and limits"): shared by the
 * server's validation, the CLI, the web page's form and the wording of every error.
 */

/** Required values are non-empty strings of at most this many characters. */
export const MAX_VALUE_LENGTH = 128
/** A combination check holds 1 to 32 dependencies. */
export const MIN_DEPENDENCIES = 1
export const MAX_DEPENDENCIES = 32
/** POST bodies are at most 16 KiB; also the cap of the GET form's `dependencies` value. */
export const MAX_BODY_BYTES = 16 * 1024
/** Deeper JSON than any valid request needs; stops stack-exhausting bodies early. */
export const MAX_JSON_DEPTH = 32

/** "16 KiB": the body limit as people read it. */
export const MAX_BODY_TEXT = `${MAX_BODY_BYTES / 1024} KiB`
/** "1 to 32": the dependency count as people read it. */
export const DEPENDENCY_COUNT_TEXT = `${MIN_DEPENDENCIES} to ${MAX_DEPENDENCIES}`

/** An SBOM posted as a stack is at most 4 MiB (docs/api.md, "Stacks from files"). */
export const MAX_SBOM_BYTES = 4 * 1024 * 1024
/** "4 MiB": the SBOM limit as people read it. */
export const MAX_SBOM_TEXT = `${MAX_SBOM_BYTES / 1024 / 1024} MiB`
/** A stack derived from a file holds at most this many matched components. */
export const MAX_DERIVED_COMPONENTS = 256

/**
 * Files the stack page's form reads at once: the files of one deployment (a cluster's
 * `helm list`, its `kubectl version`), their stacks merged.
 */
export const MAX_FORM_FILES = 8
