/**
 * Why a file's root is not a component: an SBOM's subject and a lockfile's own project are the
 * software being checked, not part of the stack it runs on. Reported all the same, so that a
 * reader of the result sees that the file named it.
 */
export const ROOT_REASON =
  'the root: the software the file describes, not a component of the stack it runs on'
