/**
 * An address the browser may open or post to, or null: a relative one (the embedded store answers
 * paths) is resolved against the page, and nothing but http(s) is accepted.
 */
export function webAddressOf(url: string): string | null {
  try {
    const address = new URL(url, window.location.href);
    return address.protocol === 'http:' || address.protocol === 'https:' ? address.href : null;
  } catch {
    return null;
  }
}
