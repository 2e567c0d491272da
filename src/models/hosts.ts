/** The providers a case's model traffic goes to unless configured otherwise. */
export const DEFAULT_MODEL_HOSTS: readonly string[] = ['api.openai.com', 'api.anthropic.com']

/**
 * Whether `url` is model traffic: its host is a configured host name, or it
 * lies under a configured base URL (an OpenAI-compatible server).
 * @example
 * isModelUrl(new URL('http://127.0.0.1:4010/v1/chat/completions'), ['http://127.0.0.1:4010/v1']) // true
 */
export function isModelUrl(url: URL, hosts: readonly string[]): boolean {
  return hosts.some((entry) => {
    if (!entry.includes('://')) return url.host === entry || url.hostname === entry
    const base = new URL(entry)
    const path = base.pathname.replace(/\/$/, '')
    return (
      url.origin === base.origin && (url.pathname === path || url.pathname.startsWith(`${path}/`))
    )
  })
}
