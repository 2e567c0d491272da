import { createHash } from 'node:crypto'

/**
 * The key a cache of parsed documents files a text under: its file and a
 * digest of the text. Keying on the text itself would keep a second copy of
 * every cached document (a 50 MB twin: 50 MB more) for as long as it is cached.
 * @example
 * sourceKey('twin.yaml', 'apiVersion: agenttwin/twin.v1') // 'twin.yaml\u0000<sha256 hex>'
 */
export function sourceKey(file: string, source: string): string {
  return `${file}\u0000${createHash('sha256').update(source).digest('hex')}`
}
