/** The API's paths, for the server's routes, the typed client and the web page alike. */

export const API_PREFIX = '/api/v1'
export const PROJECTS_PATH = `${API_PREFIX}/projects`
export const PROJECT_PATH_PREFIX = `${PROJECTS_PATH}/`
export const CHECK_PATH = `${API_PREFIX}/check`
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`
export const DOCS_PATH = `${API_PREFIX}/docs`
/** `/api/v1/projects/{project}/versions`: the last segment after a project's path. */
export const VERSIONS_SEGMENT = '/versions'
/** `/api/v1/projects/{project}/lifecycle`: the last segment after a project's path. */
export const LIFECYCLE_SEGMENT = '/lifecycle'
export const DEPENDENCIES_PATH = `${API_PREFIX}/dependencies`
export const DEPENDENCY_PATH_PREFIX = `${DEPENDENCIES_PATH}/`
export const STACK_PATH = `${API_PREFIX}/stack`
export const PLAN_PATH = `${API_PREFIX}/plan`
export const READINESS_PATH = `${API_PREFIX}/readiness`
/** Badges of a single check, outside `/api/v1` because a README embeds them as images. */
export const BADGE_PATH_PREFIX = '/badge/'
