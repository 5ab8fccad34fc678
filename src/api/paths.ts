/** The API's paths, for the server's routes, the typed client and the web page alike. */

export const API_PREFIX = '/api/v1'
export const PROJECTS_PATH = `${API_PREFIX}/projects`
export const PROJECT_PATH_PREFIX = `${PROJECTS_PATH}/`
export const CHECK_PATH = `${API_PREFIX}/check`
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`
export const DOCS_PATH = `${API_PREFIX}/docs`
