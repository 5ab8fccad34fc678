/**
 * COMPAT_PUBLIC_URL (docs/operations.md): the site's public address, as `https://host[:port]`.
 * The site's links are root-relative, so an address with a path could not be honoured.
 */
export function parsePublicUrl(
  text: string,
): { readonly url: string } | { readonly error: string } {
  const error = `COMPAT_PUBLIC_URL must be the site's absolute http(s) address, such as https://compat.example.org; got '${text}'`
  if (/[?#\s]/.test(text)) return { error }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { error }
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/'
  ) {
    return { error }
  }
  return { url: url.origin }
}
