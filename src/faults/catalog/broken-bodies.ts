import { isJsonObject, type JsonObject, type JsonValue } from '../../core/json.ts'
import { renderAnswer } from '../../core/render-answer.ts'
import { defineFault, stringParam } from './parts.ts'

/**
 * `declaredLength` counts bytes (it becomes Content-Length); `cutAt` counts
 * characters of the body text, so the cut never splits a UTF-8 sequence.
 * The cut is clamped so at least one character is missing.
 */
export const partialResponse = defineFault({
  type: 'partial_response',
  title: 'Partial response',
  dependency: { effect: 'applied', description: 'All of it: the change was committed.' },
  caller: {
    description:
      "The twin's 2xx status and headers announce the full length, but the body stops early; reading it fails.",
  },
  mcp: {
    kind: 'stream-cut',
    description:
      'The answer starts, then the stream is cut mid-message: the JSON-RPC response never completes.',
  },
  dangerous: true,
  params: [
    {
      name: 'cutAt',
      type: 'integer',
      minimum: 0,
      description: 'characters of the body that arrive (default: half, rounded down)',
    },
  ],
  view: (answer, params) => {
    const plain = renderAnswer(answer)
    const full = plain.body
    const requested = typeof params.cutAt === 'number' ? params.cutAt : Math.floor(full.length / 2)
    const cutAt = Math.max(0, Math.min(requested, full.length - 1))
    return { ...plain, body: full.slice(0, cutAt), declaredLength: Buffer.byteLength(full) }
  },
})

/** Makes sure the text is not JSON: a one-digit number cut short would still parse. */
function unparseable(text: string): string {
  try {
    JSON.parse(text)
    return `${text},`
  } catch {
    return text
  }
}

export const malformedJson = defineFault({
  type: 'malformed_json',
  title: 'Malformed JSON',
  dependency: { effect: 'applied', description: 'All of it: the change was committed.' },
  caller: {
    description:
      "The twin's 2xx status with Content-Type application/json and a complete body that does not parse.",
  },
  mcp: {
    kind: 'invalid-jsonrpc',
    description:
      'An answer that is not a valid JSON-RPC message: the client cannot match it to the request.',
  },
  dangerous: true,
  params: [
    {
      name: 'style',
      type: 'string',
      allowed: ['unterminated', 'html'],
      default: 'unterminated',
      description:
        'unterminated: the JSON text without its last character; html: an HTML page, as a misconfigured proxy serves it',
    },
  ],
  view: (answer, params) => {
    const plain = renderAnswer(answer)
    if (stringParam(params, 'style', 'unterminated') === 'html') {
      return {
        ...plain,
        body: `<html><head><title>${plain.status}</title></head><body><h1>${plain.status}</h1></body></html>`,
      }
    }
    return { ...plain, body: unparseable(plain.body.slice(0, -1)) }
  },
})

/** Renames or drops the field at a dotted path, if it is there; returns a new value. */
function changeField(value: JsonValue, path: string[], newName: string | undefined): JsonValue {
  if (Array.isArray(value)) return value.map((item) => changeField(item, path, newName))
  if (!isJsonObject(value) || path.length === 0) return value
  const [head, ...rest] = path as [string, ...string[]]
  if (!(head in value)) return value
  const result: JsonObject = {}
  for (const [key, field] of Object.entries(value)) {
    if (key !== head) result[key] = field
    else if (rest.length > 0) result[key] = changeField(field, rest, newName)
    else if (newName !== undefined) result[newName] = field
  }
  return result
}

/** The first field of the body, or of its first item when the body is an array. */
function firstField(body: JsonValue): string | undefined {
  const target = Array.isArray(body) ? body[0] : body
  return isJsonObject(target) ? Object.keys(target)[0] : undefined
}

export const schemaDrift = defineFault({
  type: 'schema_drift',
  title: 'Schema drift',
  dependency: { effect: 'applied', description: 'All of it, as normal.' },
  caller: {
    description:
      "The twin's 2xx answer with renamed or missing fields (by default the first field is missing).",
  },
  mcp: {
    kind: 'tool-result',
    description: 'A successful tool result with renamed or missing fields.',
  },
  dangerous: false,
  params: [
    {
      name: 'rename',
      type: 'object',
      elementType: 'string',
      description:
        'old field path -> new name, e.g. { "status": "state", "order.total": "amount" }; applies to each item of an array',
    },
    {
      name: 'drop',
      type: 'array',
      elementType: 'string',
      description: 'field paths removed from the body; default: the first top-level field',
    },
  ],
  view: (answer, params) => {
    const rename = isJsonObject(params.rename) ? params.rename : {}
    let drop = Array.isArray(params.drop) ? params.drop.filter((d) => typeof d === 'string') : []
    if (params.rename === undefined && params.drop === undefined) {
      const first = firstField(answer.body)
      drop = first === undefined ? [] : [first]
    }
    let body = answer.body
    for (const [from, to] of Object.entries(rename)) {
      if (typeof to === 'string') body = changeField(body, from.split('.'), to)
    }
    for (const path of drop) body = changeField(body, path.split('.'), undefined)
    return renderAnswer({ ...answer, body })
  },
})
