/**
 * A typed client of the API, on `fetch`: the web page and `compat check --url` both use it.
 * Response types come from the same schemas the server answers with. Runs in browsers and in
 * Node alike; imports nothing at run time but the paths and the request body writer.
 *
 * @example
 * const client = createClient({ baseUrl: 'https://compat.example.org/' })
 * const { data } = await client.check({ project: 'django', version: '5.1', dependency: 'python', dependencyVersion: '3.12' })
 */
import type { CheckRequest } from '../core/check/evaluate-check.ts'
import type { CombinationRequest } from '../core/check/evaluate-combination.ts'
import type { PlanRequest } from '../core/plan/evaluate-plan.ts'
import type { ReadinessAnswer } from '../core/readiness/readiness-answer.ts'
import type { DerivedStackAnswer } from '../core/stack/derived-stack-answer.ts'
import type { PostedFormat } from '../data/readiness-inputs/posted-formats.ts'
import { combinationBody, namedVersionsJson, planBody, stackBody } from './combination-body.ts'
import type {
  CombinationCheckResult,
  DependencyIndex,
  DependencyView,
  LifecycleResult,
  PlanResult,
  Problem,
  ProjectDocument,
  ProjectList,
  ServiceInfo,
  SingleCheckResult,
  StackAnswer,
  VersionsResult,
} from './response-schemas.ts'
import type { SbomContentType } from './sbom-content-types.ts'
import {
  API_PREFIX,
  CHECK_PATH,
  DEPENDENCIES_PATH,
  DEPENDENCY_PATH_PREFIX,
  LIFECYCLE_SEGMENT,
  PLAN_PATH,
  PROJECT_PATH_PREFIX,
  PROJECTS_PATH,
  READINESS_PATH,
  STACK_PATH,
  VERSIONS_SEGMENT,
} from './url-paths.ts'

export type {
  Blocking,
  CombinationCheckResult,
  ComponentSupport,
  DependencyCheck,
  DependencyIndex,
  DependencyUse,
  DependencyView,
  LifecycleLineResult,
  LifecycleResult,
  PlanChange,
  PlanResult,
  Problem,
  ProjectDocument,
  ProjectIndexEntry,
  ProjectList,
  ServiceInfo,
  SingleCheckResult,
  StackAnswer,
  StackPair,
  StackResult,
  SupportStatus,
  Verdict,
  VersionCheck,
  VersionsResult,
  VersionVerdict,
} from './response-schemas.ts'
export type { CheckRequest, CombinationRequest, DerivedStackAnswer, PlanRequest, SbomContentType }

/** Names and versions in the order given: a versions question's dependencies, a stack's components. */
export type NamedVersions = readonly (readonly [string, string])[]

/**
 * How a support question is asked: the day support is judged on (YYYY-MM-DD; the server's
 * today in UTC when absent), and the caller's abort signal.
 */
export interface SupportOptions {
  readonly date?: string
  readonly signal?: AbortSignal
}

export interface ClientOptions {
  /** The service's base URL (`https://compat.example.org/`, a path prefix allowed); default: this origin. */
  readonly baseUrl?: string
  /** Gives up after this long; default: never. */
  readonly timeoutMs?: number
  /** The browser's cache mode; `no-cache` revalidates with the ETag (a 304 costs nothing). */
  readonly cache?: 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached'
  /** Another fetch (tests, instrumentation). */
  readonly fetch?: typeof fetch
}

/** A 200 answer: the parsed value, and the text exactly as sent. */
export interface ApiAnswer<T> {
  readonly data: T
  readonly text: string
}

/** The server answered with an error status; `problem` is its problem+json, when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  readonly status: number
  readonly statusText: string
  readonly problem: Problem | null

  constructor(status: number, statusText: string, problem: Problem | null) {
    super(describeProblem(status, statusText, problem))
    this.status = status
    this.statusText = statusText
    this.problem = problem
  }
}

/** No answer at all: the server could not be reached, or did not answer in time. */
export class ApiUnreachableError extends Error {
  override readonly name = 'ApiUnreachableError'

  readonly timedOut: boolean
  /** The network's own reason (`ECONNREFUSED`, …), when it gave one. */
  readonly why: string

  constructor(timedOut: boolean, why: string) {
    super(timedOut ? 'The API did not answer in time.' : `The API could not be reached (${why}).`)
    this.timedOut = timedOut
    this.why = why
  }
}

export interface CompatClient {
  describeService(signal?: AbortSignal): Promise<ApiAnswer<ServiceInfo>>
  listProjects(signal?: AbortSignal): Promise<ApiAnswer<ProjectList>>
  /** A project's document (its id or an alias). */
  getProject(id: string, signal?: AbortSignal): Promise<ApiAnswer<ProjectDocument>>
  /** GET /api/v1/check: one dependency. */
  check(request: CheckRequest, signal?: AbortSignal): Promise<ApiAnswer<SingleCheckResult>>
  /** POST /api/v1/check: a combination, dependencies in the order given. */
  checkCombination(
    request: CombinationRequest,
    signal?: AbortSignal,
  ): Promise<ApiAnswer<CombinationCheckResult>>
  /**
   * GET /api/v1/projects/{project}/versions: which documented versions fit these dependencies,
   * each with its support on the day (a bare signal: on the server's today).
   */
  versions(
    project: string,
    dependencies: NamedVersions,
    options?: SupportOptions | AbortSignal,
  ): Promise<ApiAnswer<VersionsResult>>
  /** GET /api/v1/projects/{project}/lifecycle: every release line and where it stands on the day. */
  lifecycle(project: string, options?: SupportOptions): Promise<ApiAnswer<LifecycleResult>>
  /** GET /api/v1/dependencies: every dependency key of the dataset. */
  listDependencies(signal?: AbortSignal): Promise<ApiAnswer<DependencyIndex>>
  /** GET /api/v1/dependencies/{dependency}: who documents it, judged for `version` when given. */
  dependency(
    dependency: string,
    version?: string,
    signal?: AbortSignal,
  ): Promise<ApiAnswer<DependencyView>>
  /**
   * POST /api/v1/stack: is the whole stack documented compatible with itself, and is each
   * component supported on the day (a bare signal: on the server's today)?
   */
  stack(
    components: NamedVersions,
    options?: SupportOptions | AbortSignal,
  ): Promise<ApiAnswer<StackAnswer>>
  /**
   * POST /api/v1/stack with an SBOM as it is (CycloneDX or SPDX JSON, at most 4 MiB): the
   * server matches its components to its catalogued projects and answers for the stack derived,
   * with what it was derived from, what matched nothing and the names found at several versions.
   */
  stackFromSbom(
    sbom: Uint8Array<ArrayBuffer>,
    contentType: SbomContentType,
    options?: SupportOptions,
  ): Promise<ApiAnswer<DerivedStackAnswer>>
  /** POST /api/v1/plan: what must move, and to what, for the target to hold. */
  plan(request: PlanRequest, signal?: AbortSignal): Promise<ApiAnswer<PlanResult>>
  /**
   * POST /api/v1/readiness: can every package of a file (a lockfile, an SBOM, a requirements
   * file; at most 4 MiB) take the target, from what each declares?
   */
  readiness(
    file: Uint8Array<ArrayBuffer> | string,
    options: ReadinessOptions,
  ): Promise<ApiAnswer<ReadinessAnswer>>
}

/** A readiness question about a posted file. */
export interface ReadinessOptions extends SupportOptions {
  /** `NAME@VERSION`: `nodejs@24`, `react@19.0.0`, `python@3.13`. */
  readonly target: string
  /** The file's format; told from its content when absent (`auto`). */
  readonly format?: PostedFormat
  /** Default `text/plain`; an SBOM may go as its own media type. */
  readonly contentType?: string
}

export function createClient(options: ClientOptions = {}): CompatClient {
  const base = (options.baseUrl ?? '').replace(/\/+$/, '')
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis)

  async function request<T>(
    path: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
  ): Promise<ApiAnswer<T>> {
    const signals = [signal, timeoutSignal(options.timeoutMs)].filter(
      (candidate): candidate is AbortSignal => candidate !== undefined,
    )
    let response: Response
    let text: string
    try {
      response = await fetchFunction(`${base}${path}`, {
        ...init,
        ...(options.cache === undefined ? {} : ({ cache: options.cache } as RequestInit)),
        headers: { accept: 'application/json', ...init.headers },
        signal: signals.length === 0 ? null : AbortSignal.any(signals),
      })
      text = await response.text()
    } catch (error) {
      // The caller's own abort is theirs to handle, not a network failure.
      if (signal?.aborted) throw error
      throw unreachable(error)
    }
    if (response.status !== 200) {
      throw new ApiError(response.status, response.statusText, parseProblem(text))
    }
    let data: T
    try {
      data = JSON.parse(text) as T
    } catch {
      throw new ApiError(response.status, response.statusText, null)
    }
    return { data, text }
  }

  return {
    describeService: (signal) => request(API_PREFIX, {}, signal),
    listProjects: (signal) => request(PROJECTS_PATH, {}, signal),
    getProject: (id, signal) =>
      request(`${PROJECT_PATH_PREFIX}${encodeURIComponent(id)}`, {}, signal),
    check: (check, signal) => {
      const query = new URLSearchParams({
        project: check.project,
        version: check.version,
        dependency: check.dependency,
        dependencyVersion: check.dependencyVersion,
      })
      return request(`${CHECK_PATH}?${query}`, {}, signal)
    },
    checkCombination: (combination, signal) =>
      request(
        CHECK_PATH,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: combinationBody(combination),
        },
        signal,
      ),
    versions: (project, dependencies, options) => {
      const { date, signal } = supportOptions(options)
      const query = new URLSearchParams({ dependencies: namedVersionsJson(dependencies) })
      if (date !== undefined) query.set('date', date)
      const path = `${PROJECT_PATH_PREFIX}${encodeURIComponent(project)}${VERSIONS_SEGMENT}`
      return request(`${path}?${query}`, {}, signal)
    },
    lifecycle: (project, { date, signal } = {}) => {
      const query = date === undefined ? '' : `?${new URLSearchParams({ date })}`
      const path = `${PROJECT_PATH_PREFIX}${encodeURIComponent(project)}${LIFECYCLE_SEGMENT}`
      return request(`${path}${query}`, {}, signal)
    },
    listDependencies: (signal) => request(DEPENDENCIES_PATH, {}, signal),
    dependency: (dependency, version, signal) => {
      const query = version === undefined ? '' : `?${new URLSearchParams({ version })}`
      return request(
        `${DEPENDENCY_PATH_PREFIX}${encodeURIComponent(dependency)}${query}`,
        {},
        signal,
      )
    },
    stack: (components, options) => {
      const { date, signal } = supportOptions(options)
      return request(
        STACK_PATH,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: stackBody(components, date),
        },
        signal,
      )
    },
    stackFromSbom: (sbom, contentType, { date, signal } = {}) => {
      // An SBOM has no field for the day: it goes in the query.
      const query = date === undefined ? '' : `?${new URLSearchParams({ date })}`
      return request(
        `${STACK_PATH}${query}`,
        { method: 'POST', headers: { 'content-type': contentType }, body: sbom },
        signal,
      )
    },
    readiness: (file, { target, format, date, contentType, signal }) => {
      const query = new URLSearchParams({ target })
      if (format !== undefined) query.set('format', format)
      if (date !== undefined) query.set('date', date)
      return request(
        `${READINESS_PATH}?${query}`,
        {
          method: 'POST',
          headers: { 'content-type': contentType ?? 'text/plain; charset=utf-8' },
          body: file,
        },
        signal,
      )
    },
    plan: (plan, signal) =>
      request(
        PLAN_PATH,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: planBody(plan),
        },
        signal,
      ),
  }
}

/** Callers written before support windows pass a bare signal: the server's today. */
function supportOptions(options: SupportOptions | AbortSignal | undefined): SupportOptions {
  return options instanceof AbortSignal ? { signal: options } : (options ?? {})
}

/** A stack's POST body with the day its support is judged on, components in the order given. */
function timeoutSignal(timeoutMs: number | undefined): AbortSignal | undefined {
  return timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)
}

function unreachable(error: unknown): ApiUnreachableError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError'
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const why = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error)
  return new ApiUnreachableError(timedOut, why)
}

function parseProblem(text: string): Problem | null {
  try {
    const parsed = JSON.parse(text) as Partial<Problem> | null
    return typeof parsed === 'object' && parsed !== null && typeof parsed.detail === 'string'
      ? (parsed as Problem)
      : null
  } catch {
    // Not problem+json (a proxy's error page, say): the status alone has to do.
    return null
  }
}

/** The problem's detail and the parameters it names, or the status when there is none. */
function describeProblem(status: number, statusText: string, problem: Problem | null): string {
  if (problem === null) return `The API answered ${status}${statusText ? ` ${statusText}` : ''}.`
  const named = (problem.errors ?? []).map((error) => `${error.name} ${error.reason}`)
  return [problem.detail, ...named].join(' ')
}
