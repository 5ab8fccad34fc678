/**
 * Builds the Fastify app as a short list of plugins; never listens (src/server.ts does).
 * Tests use `app.inject`.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { ajv } from '../api/request-validator.ts'
import type { VersionLookup } from '../core/check/resolve-project-version.ts'
import { DatasetHolder } from './dataset-holder.ts'
import { todayBy } from './day-answers.ts'
import { FileReaderPool } from './file-reader-pool.ts'
import { EVERY_TIER, type FrontDoorTiers } from './front-door-tiers.ts'
import { lazyValidatorCompiler } from './lazy-compilers.ts'
import { parsePublicUrl } from './parse-public-url.ts'
import { bodyParsing } from './plugins/body-parsing.ts'
import { frontDoor } from './plugins/front-door.ts'
import { loadShedding } from './plugins/load-shedding.ts'
import { methodHandling, trackKnownPaths } from './plugins/method-handling.ts'
import { noSniff } from './plugins/no-sniff.ts'
import { observability } from './plugins/observability.ts'
import { openApi } from './plugins/openapi.ts'
import { problemHandlers } from './plugins/problem-handlers.ts'
import type { TrustedProxies } from './rate-limit/client-address.ts'
import type { RateLimitSetting } from './rate-limit/parse-rate-limit.ts'
import { rateLimitGate } from './rate-limit/rate-limit-gate.ts'
import { RateLimiter } from './rate-limit/rate-limiter.ts'
import { badgeRoutes } from './routes/badge-routes.ts'
import { checkRoutes } from './routes/check-routes.ts'
import { dependencyRoutes } from './routes/dependency-routes.ts'
import { docsRoutes } from './routes/docs-routes.ts'
import { lifecycleRoutes } from './routes/lifecycle-routes.ts'
import { metricsRoute } from './routes/metrics-route.ts'
import { planRoutes } from './routes/plan-routes.ts'
import { projectRoutes } from './routes/project-routes.ts'
import { readinessRoutes } from './routes/readiness-routes.ts'
import type { RouteContext } from './routes/route-context.ts'
import { serviceRoutes } from './routes/service-routes.ts'
import { stackRoutes } from './routes/stack-routes.ts'
import { versionsRoutes } from './routes/versions-routes.ts'
import { type SiteHolder, webRoutes } from './routes/web-routes.ts'
import {
  DEFAULT_CACHE_MAX_AGE_SECONDS,
  HEADERS_TIMEOUT_MS,
  MAX_EVENT_LOOP_DELAY_MS,
  REQUEST_TIMEOUT_MS,
} from './server-limits.ts'
import { FrontDoorHook, serverOptions, type TlsCredentials } from './server-options.ts'

export interface AppOptions {
  readonly holder?: DatasetHolder
  readonly cacheMaxAge?: number
  /** How checks find a project version; exact unless the operator chooses line. */
  readonly versionLookup?: VersionLookup
  readonly logger?: FastifyServerOptions['logger']
  /** The public base URL for the OpenAPI `servers` list. */
  readonly publicUrl?: string
  /** Tests shorten these to observe them; production uses the constants of server-limits.ts. */
  readonly limits?: Partial<AppLimits>
  /** Serve HTTPS with this certificate and key. */
  readonly tls?: TlsCredentials
  /** A per-client limit on requests (docs/operations.md, "Rate limit"); none when absent. */
  readonly rateLimit?: RateLimitSetting
  /** Proxies whose X-Forwarded-For names the client, for the rate limit. */
  readonly trustProxy?: TrustedProxies
  /**
   * The server's clock: the day support is judged on and pages mark stale evidence by, and
   * the rate limit's windows. Tests pin it; the system clock otherwise.
   */
  readonly clock?: () => Date
  /** Reads posted files; tests give one with their own limits. The app closes it. */
  readonly fileReader?: FileReaderPool
  /**
   * Readiness answers may read package registries, as this environment configures them
   * (docs/operations.md, "Registries"); none is read when absent.
   */
  readonly registry?: { readonly env: Readonly<Record<string, string | undefined>> }
  /** Every tier on when absent; the benchmark switches some off (front-door-tiers.ts). */
  readonly tiers?: FrontDoorTiers
}

export interface AppLimits {
  readonly headersTimeoutMs: number
  readonly requestTimeoutMs: number
  readonly maxEventLoopDelayMs: number
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const limits: AppLimits = {
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    maxEventLoopDelayMs: MAX_EVENT_LOOP_DELAY_MS,
    ...options.limits,
  }
  const holder = options.holder ?? new DatasetHolder()
  const clock = options.clock ?? (() => new Date())
  const cacheMaxAge = options.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE_SECONDS
  const context: RouteContext = {
    holder,
    cacheControl: `public, max-age=${cacheMaxAge}`,
    cacheMaxAge,
    versionLookup: options.versionLookup ?? 'exact',
    clock,
    today: todayBy(clock),
    // Its worker starts at the first file read, and ends with the app.
    fileReader: options.fileReader ?? new FileReaderPool(),
    registry: options.registry ?? null,
    tiers: options.tiers ?? EVERY_TIER,
  }
  const hook = new FrontDoorHook()
  const app: FastifyInstance = Fastify(
    serverOptions(
      limits,
      hook,
      options.logger,
      () => app.log,
      options.tls ?? null,
      options.rateLimit === undefined
        ? null
        : rateLimitGate(
            new RateLimiter({
              limit: options.rateLimit.limit,
              windowMs: options.rateLimit.windowSeconds * 1000,
              now: () => clock().getTime(),
            }),
            options.trustProxy ?? null,
          ),
    ),
  )
  app.setValidatorCompiler(lazyValidatorCompiler(ajv))
  // Files not begun when the server starts to stop are refused (503): the one being read is
  // answered within its work budget, inside the grace period.
  app.addHook('preClose', (done) => {
    context.fileReader.stopTaking()
    done()
  })
  app.addHook('onClose', () => context.fileReader.close())
  const knownPaths = trackKnownPaths(app)

  await app.register(bodyParsing)
  await app.register(noSniff)
  await app.register(observability, { holder })
  await app.register(problemHandlers)
  await app.register(loadShedding, { maxEventLoopDelayMs: limits.maxEventLoopDelayMs })
  await app.register(openApi, { publicUrl: options.publicUrl ?? '/' })
  // Before the routes: each adds what the front door may answer for it.
  await app.register(frontDoor, {
    holder,
    hook,
    cacheControl: context.cacheControl,
    tiers: context.tiers,
  })
  await app.register(serviceRoutes, context)
  await app.register(projectRoutes, context)
  await app.register(checkRoutes, context)
  await app.register(versionsRoutes, context)
  await app.register(lifecycleRoutes, context)
  await app.register(dependencyRoutes, context)
  await app.register(stackRoutes, context)
  await app.register(planRoutes, context)
  await app.register(readinessRoutes, context)
  await app.register(badgeRoutes, context)
  await app.register(metricsRoute)
  const site: SiteHolder = { pages: null }
  await app.register(webRoutes, { ...context, site, publicUrl: siteBase(options.publicUrl) })
  await app.register(docsRoutes, { site })
  await app.register(methodHandling, { knownPaths })
  return app
}

/** The site's address for its links, when the server was given a valid one. */
function siteBase(publicUrl: string | undefined): string | null {
  const parsed = publicUrl === undefined ? null : parsePublicUrl(publicUrl)
  return parsed !== null && 'url' in parsed ? parsed.url : null
}
