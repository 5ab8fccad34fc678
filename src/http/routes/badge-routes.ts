/**
 * `/badge/{project}/{version}/{dependency}/{dependencyVersion}.svg` and `.json`: a single
 * check as an SVG badge for a README, or as shields.io endpoint JSON (docs/api.md, "Badges").
 * Answers are made once per URL and dataset, then kept by the answer cache, from which the
 * front door sends repeats.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  type BadgeParams,
  BadgeParamsSchema,
  NoQuerySchema,
  type SupportBadgeParams,
  SupportBadgeParamsSchema,
} from '../../api/request-schemas.ts'
import {
  type ShieldsEndpoint,
  ShieldsEndpointSchema,
  type SupportShieldsEndpoint,
  SupportShieldsEndpointSchema,
} from '../../api/response-schemas.ts'
import { BADGE_PATH_PREFIX } from '../../api/url-paths.ts'
import { evaluateCheck } from '../../core/check/evaluate-check.ts'
import type { VersionLookup } from '../../core/check/resolve-project-version.ts'
import { componentSupport } from '../../core/lifecycle/component-support.ts'
import { badgeSvg, twoPartBadge, VERDICT_COLORS } from '../../site/badge-svg.ts'
import { SUPPORT_COLORS, supportMessage } from '../../site/support-badge.ts'
import { type CachedBody, JSON_CONTENT_TYPE } from '../cached-body.ts'
import { API_HEADERS } from '../cors.ts'
import { dayAnswerKey, dayAnswersAtFrontDoor, dayMaxAge } from '../day-answers.ts'
import { getTypedAnswerBody } from '../get-answer-body.ts'
import { jsonResponse, notModifiedResponse, problemResponses } from '../openapi-responses.ts'
import { sendBody } from '../send-body.ts'
import type { ServedDataset } from '../served-dataset.ts'
import type { FrontDoorRoute, RouteContext } from './route-context.ts'
import { withServedDataset } from './with-served-dataset.ts'

type BadgeFormat = 'svg' | 'json'

// The last segment loses only its final suffix: `18.1.svg` asks for 18.1 (docs/api.md, "Badges").
const ROUTE = `${BADGE_PATH_PREFIX}:project/:version/:dependency/:dependencyVersion`
const SVG_ROUTE = `${ROUTE}.svg`
const JSON_ROUTE = `${ROUTE}.json`

const SVG_CONTENT_TYPE = 'image/svg+xml; charset=utf-8'

/** SVG can carry script and links: a badge opened on its own may run or load nothing. */
const BADGE_CONTENT_SECURITY_POLICY = "default-src 'none'"

const JSON_HEADERS = {
  ...API_HEADERS,
  vary: 'accept-encoding',
}
const SVG_HEADERS = { ...JSON_HEADERS, 'content-security-policy': BADGE_CONTENT_SECURITY_POLICY }

/**
 * Badges answered before on the served dataset, by exact URL; the rest go to the routes. A
 * kept URL ends with the suffix of the route that made it.
 */
export const badgeAtFrontDoor: readonly FrontDoorRoute[] = [
  {
    route: SVG_ROUTE,
    path: BADGE_PATH_PREFIX,
    exact: false,
    answer: (served, url) => (url.endsWith('.svg') ? served.answers.forUrl(url) : undefined),
  },
  {
    route: JSON_ROUTE,
    path: BADGE_PATH_PREFIX,
    exact: false,
    answer: (served, url) => (url.endsWith('.json') ? served.answers.forUrl(url) : undefined),
  },
]

const PATH_DESCRIPTION =
  'The path segments are percent-decoded; values follow the value rules. Unknown projects, versions and dependencies answer 200 with "unknown", as the single check does.'

/** A badge's answer for a GET of `url`, kept for the next identical request. */
function badgeBody(
  served: ServedDataset,
  url: string,
  params: BadgeParams,
  format: BadgeFormat,
  versionLookup: VersionLookup,
  cacheSeconds: number,
): CachedBody {
  const { project, version, dependency, dependencyVersion } = params
  const request = { project, version, dependency, dependencyVersion }
  const { compatible: verdict, reason } = evaluateCheck(served.dataset, request, versionLookup)
  const label = `${dependency} ${dependencyVersion}`
  if (format === 'json') {
    const endpoint: ShieldsEndpoint = {
      schemaVersion: 1,
      label,
      message: verdict,
      color: VERDICT_COLORS[verdict],
      // shields.io keeps a badge as long as any cache may (max-age).
      cacheSeconds,
    }
    return getTypedAnswerBody(
      served,
      url,
      JSON.stringify(endpoint),
      JSON_CONTENT_TYPE,
      JSON_HEADERS,
    )
  }
  const title = `${label} with ${project} ${version}: ${verdict} — ${reason}`
  const svg = badgeSvg({ label, verdict, title })
  return getTypedAnswerBody(served, url, svg, SVG_CONTENT_TYPE, SVG_HEADERS)
}

/** A badge's 200 in OpenAPI: an image, not JSON. */
const SVG_BADGE_RESPONSE = {
  description: 'The badge, image/svg+xml.',
  content: {
    'image/svg+xml': {
      schema: { type: 'string', description: 'A flat two-part SVG badge, 20 pixels high.' },
    },
  },
} as const

// A release line's support on today's date: `/badge/{project}/{version}/support.svg`.
const SUPPORT_ROUTE = `${BADGE_PATH_PREFIX}:project/:version/support`
const SUPPORT_SVG_ROUTE = `${SUPPORT_ROUTE}.svg`
const SUPPORT_JSON_ROUTE = `${SUPPORT_ROUTE}.json`

/** Support badges made before today on the served dataset, by URL and day. */
function supportBadgeAtFrontDoor(context: RouteContext): readonly FrontDoorRoute[] {
  return (
    [
      [SUPPORT_SVG_ROUTE, '/support.svg'],
      [SUPPORT_JSON_ROUTE, '/support.json'],
    ] as const
  ).map(([route, ending]) =>
    dayAnswersAtFrontDoor(context, route, BADGE_PATH_PREFIX, (url) => url.endsWith(ending)),
  )
}

/** A support badge's answer for a GET of `url` today, kept for the day. */
function supportBadgeBody(
  served: ServedDataset,
  url: string,
  { project, version }: SupportBadgeParams,
  format: BadgeFormat,
  today: string,
  cacheSeconds: number,
): CachedBody {
  const support = componentSupport(served.dataset, project, version, today)
  const label = `${project} ${version}`
  const message = supportMessage(support)
  const color = SUPPORT_COLORS[support.status]
  const key = dayAnswerKey(url, today)
  if (format === 'json') {
    const endpoint: SupportShieldsEndpoint = {
      schemaVersion: 1,
      label,
      message,
      color,
      cacheSeconds,
    }
    return getTypedAnswerBody(
      served,
      key,
      JSON.stringify(endpoint),
      JSON_CONTENT_TYPE,
      JSON_HEADERS,
    )
  }
  const line = support.line === null ? 'no documented release line' : `release line ${support.line}`
  const title = `${label}: ${message} (${line}, on ${today})`
  const svg = twoPartBadge({ label, message, color, title })
  return getTypedAnswerBody(served, key, svg, SVG_CONTENT_TYPE, SVG_HEADERS)
}

export const badgeRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { holder, cacheControl, cacheMaxAge, versionLookup, today, clock } = context
  app.frontDoor.answer(badgeAtFrontDoor)
  app.frontDoor.answer(supportBadgeAtFrontDoor(context))
  const answer = (format: BadgeFormat) =>
    withServedDataset(
      holder,
      (request: FastifyRequest<{ Params: BadgeParams }>, reply, served) => {
        const body = badgeBody(
          served,
          request.url,
          request.params,
          format,
          versionLookup,
          cacheMaxAge,
        )
        return sendBody(request, reply, body, cacheControl)
      },
      { validated: true },
    )

  app.get<{ Params: BadgeParams }>(
    SVG_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'A single check as an SVG badge',
        description: `An image for a README: the dependency and its version on the left, the verdict on the right, green for compatible, red for incompatible, grey for unknown; its title carries the reason. ${PATH_DESCRIPTION}`,
        operationId: 'getCheckBadgeSvg',
        tags: ['badges'],
        params: BadgeParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: SVG_BADGE_RESPONSE,
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    answer('svg'),
  )

  app.get<{ Params: BadgeParams }>(
    JSON_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'A single check as shields.io endpoint JSON',
        description: `The same answer as the SVG badge, in the shields.io endpoint badge schema: give this URL to https://img.shields.io/endpoint?url=… to have shields.io draw it in its own styles. ${PATH_DESCRIPTION}`,
        operationId: 'getCheckBadgeJson',
        tags: ['badges'],
        params: BadgeParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: jsonResponse('The badge as shields.io endpoint JSON.', ShieldsEndpointSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    answer('json'),
  )

  const supportAnswer = (format: BadgeFormat) =>
    withServedDataset(
      holder,
      (request: FastifyRequest<{ Params: SupportBadgeParams }>, reply, served) => {
        const cacheSeconds = dayMaxAge(request.url, cacheMaxAge, clock())
        const body = supportBadgeBody(
          served,
          request.url,
          request.params,
          format,
          today(),
          cacheSeconds,
        )
        return sendBody(request, reply, body, `public, max-age=${cacheSeconds}`)
      },
      { validated: true },
    )
  const SUPPORT_DESCRIPTION = `The support of the release line covering the version, today in UTC: green "supported until DATE", yellow "security fixes until DATE", red "end of life since DATE" (the last supported day), grey "unknown" or "unreleased". ${PATH_DESCRIPTION}`

  app.get<{ Params: SupportBadgeParams }>(
    SUPPORT_SVG_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'A release line’s support as an SVG badge',
        description: SUPPORT_DESCRIPTION,
        operationId: 'getSupportBadgeSvg',
        tags: ['badges'],
        params: SupportBadgeParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: SVG_BADGE_RESPONSE,
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    supportAnswer('svg'),
  )

  app.get<{ Params: SupportBadgeParams }>(
    SUPPORT_JSON_ROUTE,
    {
      attachValidation: true,
      schema: {
        summary: 'A release line’s support as shields.io endpoint JSON',
        description: SUPPORT_DESCRIPTION,
        operationId: 'getSupportBadgeJson',
        tags: ['badges'],
        params: SupportBadgeParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: jsonResponse('The badge as shields.io endpoint JSON.', SupportShieldsEndpointSchema),
          304: notModifiedResponse,
          ...problemResponses(400, 503),
        },
      },
    },
    supportAnswer('json'),
  )
}
