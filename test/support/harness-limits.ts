import type { AppOptions } from '../../src/http/app.ts'

/**
 * The limits of a server inside a test process. Load shedding is off: that event loop is the
 * test runner's too, and on a busy 2-core machine loading a test's modules can hold it for a
 * second, which a served process never does. test/operations/abuse.test.ts turns it on.
 */
export const HARNESS_LIMITS: NonNullable<AppOptions['limits']> = { maxEventLoopDelayMs: 0 }
