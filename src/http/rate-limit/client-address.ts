/**
 * Which address a request comes from, for per-client limits: the peer's, or — only when the
 * peer is a proxy named in `COMPAT_TRUST_PROXY` — the address that proxy forwards in
 * `X-Forwarded-For`. Anyone can send that header; only a trusted proxy's copy is believed.
 */
import { BlockList, isIP } from 'node:net'

export interface TrustedProxies {
  /** Whether the address is one of the trusted proxies. */
  has(address: string): boolean
}

/**
 * `COMPAT_TRUST_PROXY`: addresses and networks, separated by commas
 * (`10.0.0.0/8, 127.0.0.1, fd00::/8`).
 */
export function parseTrustedProxies(text: string): TrustedProxies | { error: string } {
  const list = new BlockList()
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (parts.length === 0) {
    return {
      error:
        'COMPAT_TRUST_PROXY names no address; give addresses or networks such as 10.0.0.0/8, or unset it',
    }
  }
  for (const part of parts) {
    const [address = '', prefix, extra] = part.split('/')
    const family = isIP(address)
    const bits = Number(prefix)
    const maxBits = family === 6 ? 128 : 32
    if (
      family === 0 ||
      extra !== undefined ||
      (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || bits > maxBits))
    ) {
      return {
        error: `COMPAT_TRUST_PROXY: '${part}' is not an address or a network such as 10.0.0.0/8 or fd00::/8`,
      }
    }
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return {
    has: (address) => {
      const plain = withoutMappedPrefix(address)
      const family = isIP(plain)
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4')
    },
  }
}

/**
 * The client's address. Behind trusted proxies, X-Forwarded-For is read from its right end
 * (the hop nearest to us) and the first address that is not a trusted proxy is the client; an
 * entry that is not an address ends the walk at the hop that wrote it.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies | null,
): string {
  const direct = withoutMappedPrefix(peer ?? '')
  if (trusted === null || forwardedFor === undefined || !trusted.has(direct)) return direct
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',')
  let client = direct
  for (let at = hops.length - 1; at >= 0; at--) {
    const hop = withoutMappedPrefix((hops[at] as string).trim())
    if (isIP(hop) === 0) break
    client = hop
    if (!trusted.has(hop)) break
  }
  return client
}

/** `::ffff:10.1.2.3` (an IPv4 peer on a dual-stack socket) as `10.1.2.3`. */
function withoutMappedPrefix(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}
