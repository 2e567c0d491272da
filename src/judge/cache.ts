import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { endSentence } from '../core/sentence.ts'
import { JudgeCacheError } from './errors.ts'
import { evidenceText } from './prompt.ts'
import type { Judge, JudgeIdentity, JudgeOutcome, JudgeRequest, JudgeVerdict } from './types.ts'
import { checkVerdict } from './verdict.ts'
import { withJudgeCall } from './wrap.ts'

/** Where verdicts are kept unless configured otherwise; safe to delete at any time. */
export const DEFAULT_CACHE_FILE = '.agenttwin-cache/judge.json'

const SCHEMA = 'agenttwin/judge-cache.v1'

interface CacheFile {
  schema: typeof SCHEMA
  entries: Record<string, JudgeVerdict & { provider: string; model: string; promptVersion: string }>
}

/**
 * The cache key: provider, model, prompt version, criterion and reply (plus the
 * evidence the judge was shown, since it is part of what was asked), hashed.
 */
export function cacheKey(
  judge: JudgeIdentity,
  request: Pick<JudgeRequest, 'criterion' | 'reply' | 'evidence'>,
): string {
  const parts = [
    judge.provider,
    judge.model,
    judge.promptVersion,
    request.criterion,
    request.reply,
    evidenceText(request.evidence),
  ]
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

/**
 * Verdicts on disk as one JSON file. Writes go to a temporary file that is then
 * renamed over the old one, so a reader never sees half a file; each write merges
 * with what is on disk, so parallel workers lose at most a cache entry, never a verdict.
 * Only verdicts are stored: failures (`ERROR`) are never cached.
 * @example
 * const cache = new JudgeCache('.agenttwin-cache/judge.json')
 * const judge = withCache(resolveJudge(), cache)
 */
export class JudgeCache {
  readonly file: string
  #entries: CacheFile['entries'] | undefined
  #writes = 0

  constructor(file: string = DEFAULT_CACHE_FILE) {
    this.file = file
  }

  async get(key: string): Promise<JudgeVerdict | undefined> {
    const entries = await this.#load()
    const entry = entries[key]
    if (!entry) return undefined
    return { label: entry.label, score: entry.score, reason: entry.reason }
  }

  async set(key: string, judge: JudgeIdentity, verdict: JudgeVerdict): Promise<void> {
    const onDisk = await this.#read()
    const entries = { ...onDisk, ...this.#entries }
    entries[key] = {
      ...verdict,
      provider: judge.provider,
      model: judge.model,
      promptVersion: judge.promptVersion,
    }
    this.#entries = entries
    const body: CacheFile = { schema: SCHEMA, entries }
    const temp = `${this.file}.${process.pid}.${++this.#writes}.tmp`
    try {
      await mkdir(dirname(this.file), { recursive: true })
      await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`, 'utf8')
      await rename(temp, this.file)
    } catch (error) {
      throw new JudgeCacheError(
        `cannot write the judge cache ${this.file}: ${endSentence((error as Error).message)} Fix: make the folder writable or set another cache file (cacheFile / AGENTTWIN_JUDGE_CACHE).`,
        { cause: error },
      )
    }
  }

  async #load(): Promise<CacheFile['entries']> {
    this.#entries ??= await this.#read()
    return this.#entries
  }

  async #read(): Promise<CacheFile['entries']> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw new JudgeCacheError(
        `cannot read the judge cache ${this.file}: ${(error as Error).message}`,
        {
          cause: error,
        },
      )
    }
    const entries = parseCache(text)
    if (!entries) {
      throw new JudgeCacheError(
        `the judge cache ${this.file} is not a valid ${SCHEMA} file. Fix: delete it; it is only a cache and will be rebuilt.`,
      )
    }
    return entries
  }
}

function parseCache(text: string): CacheFile['entries'] | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const file = value as Partial<CacheFile> | null
  if (file?.schema !== SCHEMA || typeof file.entries !== 'object' || file.entries === null)
    return undefined
  for (const entry of Object.values(file.entries)) {
    if (!checkVerdict(entry).ok) return undefined
  }
  return file.entries
}

/**
 * Wraps a judge so verdicts are looked up in, and stored to, a cache. A cached
 * verdict comes back with `cached: true`; failures pass through and are not stored.
 * The deterministic fake is returned unwrapped (its label depends on the threshold).
 * @example
 * const judge = withCache(createAnthropicJudge({ apiKey }), new JudgeCache())
 */
export function withCache(judge: Judge, cache: JudgeCache): Judge {
  // The fake's label depends on the threshold, which is not part of the key; it is instant anyway.
  if (judge.kind === 'deterministic-fake') return judge
  return withJudgeCall(judge, async (request: JudgeRequest): Promise<JudgeOutcome> => {
    // Recorded model traffic: the cassette replaces the cache, so replay sees every request.
    if (request.fetch) return judge.judge(request)
    const key = cacheKey(judge, request)
    const hit = await cache.get(key)
    if (hit) return { ok: true, cached: true, ...hit }
    const outcome = await judge.judge(request)
    if (outcome.ok) {
      await cache.set(key, judge, {
        label: outcome.label,
        score: outcome.score,
        reason: outcome.reason,
      })
    }
    return outcome
  })
}
