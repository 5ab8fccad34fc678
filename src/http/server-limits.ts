/**
 * Every limit of the HTTP server in one place, each with its reason. What a request may hold
 * (value lengths, dependency counts, body size) is part of the API: `src/api/request-limits.ts`.
 */

/** Below this, compression costs more than the bytes it saves. */
export const MIN_COMPRESS_BYTES = 1024
/**
 * A body sent again from this size on goes out as bytes made once: the socket's UTF-8 encoding
 * of text costs more per send than writing text together with the headers saves (paired
 * runs of bare `node:http`: even at 2 KiB, text 15 % dearer at 9 KiB, 45 % at 47 KiB).
 */
export const MIN_RETAINED_BYTES_SENT_AS_BUFFER = 2048
/** Default `Cache-Control: max-age`; long enough for a CDN to absorb bursts, short enough for data fixes. */
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 300
/** Preflight answers may be cached by browsers for a day: the API's CORS policy never varies. */
export const CORS_MAX_AGE_SECONDS = 86_400

/** A client must send its whole header within this time: slowloris cannot hold sockets open. */
export const HEADERS_TIMEOUT_MS = 10_000
/** How often those two are enforced; a slow client lingers at most this much longer. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000
/** …and the whole request, body included, within this time. */
export const REQUEST_TIMEOUT_MS = 15_000
/** Longer than the 60 s idle timeout of common load balancers, so that they close first. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000
/** A socket with no traffic at all for this long is closed (also clients that stop reading). */
export const SOCKET_IDLE_TIMEOUT_MS = 75_000
/** A request line longer than this, when the head overflows, is answered 414 rather than 431. */
export const MAX_URL_BYTES = 8 * 1024
/**
 * Path parameters up to this length reach the route, whose schema names the parameter and the
 * rule (ids, aliases and keys are at most 128 characters: a 400); longer ones the router
 * refuses (414). Fastify's default, 100, would refuse valid-length names that way.
 */
export const MAX_PATH_PARAMETER_LENGTH = 256
/** Request line plus headers; larger is 431 (or 414 when the URL alone is too long). */
export const MAX_HEADER_BYTES = 16 * 1024
/** Beyond this many open sockets new ones are refused rather than exhausting memory. */
export const MAX_CONNECTIONS = 10_000
/** Event-loop delay beyond which requests are shed with 503 instead of queueing up. */
export const MAX_EVENT_LOOP_DELAY_MS = 1_000
/**
 * What a shed client is told to wait before retrying: an overloaded process needs seconds.
 * (A full file queue clears faster: `FILES_BUSY_RETRY_AFTER_SECONDS`.)
 */
export const RETRY_AFTER_SECONDS = 10
/** A graceful stop that takes longer than this is cut short (orchestrators kill after 10 s). */
export const SHUTDOWN_GRACE_MS = 8_000
/** Edits arrive in bursts (an editor writes, renames, touches); reload once they settle. */
export const WATCH_DEBOUNCE_MS = 300
/**
 * Files (SBOMs posted to the API, the stack page's form) read or waiting at once, per process:
 * one worker thread reads them in turn; one more is 503 with Retry-After.
 */
export const MAX_FILES_WAITING = 4
/**
 * What a client refused by a full file queue (or before the dataset is loaded) is told to wait:
 * one file is read in well under a second, so a second is enough.
 */
export const FILES_BUSY_RETRY_AFTER_SECONDS = 1
/**
 * A file's work budget: CPU time of its worker, this much for any file and this much more per
 * MiB. Every reader is linear and a 4 MiB SBOM takes about 0.4 s; the budget (5 s for 4 MiB)
 * ends only a reader that runs away, well within the shutdown grace period.
 */
export const FILE_WORK_BASE_MS = 1_000
export const FILE_WORK_MS_PER_MIB = 1_000
/** How often the CPU time of the file being read is looked at. */
export const FILE_WORK_CHECK_INTERVAL_MS = 250

/** The work budget of a file of `bytes`, in CPU milliseconds. */
export function fileWorkBudgetMs(bytes: number): number {
  return Math.round(FILE_WORK_BASE_MS + (FILE_WORK_MS_PER_MIB * bytes) / (1024 * 1024))
}

/** Memory for cached check answers per dataset: room for tens of thousands of typical answers. */
export const MAX_ANSWER_CACHE_BYTES = 32 * 1024 * 1024
