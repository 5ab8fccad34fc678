import assert from 'node:assert/strict'
import { test } from 'node:test'
import { clientAddress, parseTrustedProxies, type TrustedProxies } from './client-address.ts'

const trusted = parseTrustedProxies('10.0.0.0/8, 127.0.0.1, fd00::/8') as TrustedProxies

// [peer, X-Forwarded-For, trusted proxies?, client address]
const CASES: ReadonlyArray<[string, string | undefined, boolean, string]> = [
  ['203.0.113.7', undefined, true, '203.0.113.7'],
  // An untrusted peer's header is anyone's to write: ignored.
  ['203.0.113.7', '198.51.100.1', true, '203.0.113.7'],
  ['203.0.113.7', '198.51.100.1', false, '203.0.113.7'],
  // Without trusted proxies, even a proxy's header is ignored.
  ['127.0.0.1', '198.51.100.1', false, '127.0.0.1'],
  ['127.0.0.1', '198.51.100.1', true, '198.51.100.1'],
  ['::ffff:127.0.0.1', '198.51.100.1', true, '198.51.100.1'],
  // From the right: skip trusted hops, take the first that is not; what the client wrote
  // before that (a spoofed left-most entry) is never reached.
  ['10.1.2.3', '6.6.6.6, 198.51.100.1, 10.9.9.9', true, '198.51.100.1'],
  ['fd00::1', '2001:db8::5', true, '2001:db8::5'],
  // A hop that is not an address ends the walk at the proxy that wrote it.
  ['127.0.0.1', 'garbage', true, '127.0.0.1'],
  ['127.0.0.1', '198.51.100.1, unknown', true, '127.0.0.1'],
  // All hops trusted: the left-most.
  ['127.0.0.1', '10.0.0.5, 10.0.0.6', true, '10.0.0.5'],
]

for (const [peer, forwarded, withTrust, client] of CASES) {
  test(`peer ${peer}, X-Forwarded-For ${forwarded ?? '(none)'}${withTrust ? ', trusted proxies' : ''} → ${client}`, () => {
    assert.equal(clientAddress(peer, forwarded, withTrust ? trusted : null), client)
  })
}

// [COMPAT_TRUST_PROXY value that is refused, part of the message]
const REFUSED: ReadonlyArray<[string, string]> = [
  ['', 'names no address'],
  ['proxy.internal', "'proxy.internal' is not an address"],
  ['10.0.0.0/33', "'10.0.0.0/33'"],
  ['10.0.0.0/8/8', "'10.0.0.0/8/8'"],
  ['fd00::/129', "'fd00::/129'"],
  ['10.0.0.0/x', "'10.0.0.0/x'"],
]

for (const [text, message] of REFUSED) {
  test(`parseTrustedProxies('${text}') is refused`, () => {
    const parsed = parseTrustedProxies(text)
    assert.ok('error' in parsed)
    assert.ok(parsed.error.startsWith('COMPAT_TRUST_PROXY'), parsed.error)
    assert.ok(parsed.error.includes(message), parsed.error)
  })
}
