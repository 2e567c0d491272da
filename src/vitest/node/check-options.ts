import { CASE_CLASSES } from '../../compare/classify.ts'
import { callSite } from '../../core/call-site.ts'
import { showValue } from '../../core/show-value.ts'
import { MAX_LOOKS, MAX_TRIALS } from '../../core/trial-plan.ts'
import { closestName } from '../../faults/closest.ts'
import { JUDGE_PROVIDERS } from '../../judge/resolve.ts'
import { checkModelsOptions } from '../../models/options.ts'
import { MODEL_MODES, type ModelsOptions } from '../../models/types.ts'
import { InvalidPluginOptionsError, type OptionProblem } from '../shared/plugin-options-error.ts'

type Check = (value: unknown, path: string) => OptionProblem[]

function problem(path: string, value: unknown, want: string, fix: string): OptionProblem[] {
  return [{ path, message: `must be ${want}, got ${showValue(value)}`, fix }]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text =
  (fix: string): Check =>
  (value, path) =>
    typeof value === 'string' && value !== '' ? [] : problem(path, value, 'a non-empty string', fix)

const flag: Check = (value, path) =>
  typeof value === 'boolean' ? [] : problem(path, value, 'true or false', 'write true or false')

const oneOf =
  (allowed: readonly string[]): Check =>
  (value, path) => {
    if (typeof value === 'string' && allowed.includes(value)) return []
    const near = typeof value === 'string' ? closestName(value, allowed) : undefined
    return problem(
      path,
      value,
      `one of ${allowed.map((item) => `'${item}'`).join(', ')}`,
      near ? `did you mean '${near}'?` : `use one of ${allowed.join(', ')}`,
    )
  }

const number =
  (want: string, holds: (value: number) => boolean, fix: string): Check =>
  (value, path) =>
    typeof value === 'number' && Number.isFinite(value) && holds(value)
      ? []
      : problem(path, value, want, fix)

const list =
  (item: Check, fix: string): Check =>
  (value, path) => {
    if (!Array.isArray(value)) return problem(path, value, 'a list', fix)
    return value.flatMap((entry, index) => item(entry, `${path}[${index}]`))
  }

/** A glob or a list of globs; an empty list is allowed and means none. */
const globs = (fix: string): Check => {
  const one = text(fix)
  return (value, path) => (Array.isArray(value) ? list(one, fix)(value, path) : one(value, path))
}

const orFalse =
  (check: Check): Check =>
  (value, path) =>
    value === false ? [] : check(value, path)

/** An object with these fields; any other field is a problem with a did-you-mean. */
/** Both checks, the second only when the first found nothing. */
function both(first: Check, second: Check): Check {
  return (value, path) => {
    const found = first(value, path)
    return found.length > 0 ? found : second(value, path)
  }
}

function shape(fields: Record<string, Check>, example: string): Check {
  const names = Object.keys(fields)
  return (value, path) => {
    if (!isObject(value)) return problem(path, value, 'an object', `write e.g. ${example}`)
    const problems: OptionProblem[] = []
    for (const [key, entry] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key
      const check = fields[key]
      if (!check) {
        const near = closestName(key, names)
        problems.push({
          path: at,
          message: `unknown option "${key}"`,
          fix: `${near ? `did you mean "${near}"? ` : ''}the options here are: ${names.join(', ')}`,
        })
        continue
      }
      // An option set to undefined is an option left out (a spread of a partial config).
      if (entry !== undefined) problems.push(...check(entry, at))
    }
    return problems
  }
}

const VERSION_FIX = "write the version the agents module exports, e.g. 'v1.2.4'"
const GATES = ['PASS', 'WARN', 'BLOCK'] as const

const pair = shape(
  {
    baseline: text(VERSION_FIX),
    candidate: text(VERSION_FIX),
    expectGate: oneOf(GATES),
  },
  "{ baseline: 'v1.2.4', candidate: 'v1.3.0' }",
)

const pairs: Check = (value, path) => {
  const problems = list(pair, "write pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0' }]")(
    value,
    path,
  )
  if (!Array.isArray(value)) return problems
  const missing = value.flatMap((entry, index) =>
    ['baseline', 'candidate']
      .filter((side) => isObject(entry) && entry[side] === undefined)
      .map((side) => ({
        path: `${path}[${index}].${side}`,
        message: 'is missing: a pair needs both a baseline and a candidate version',
        fix: "write pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0' }]",
      })),
  )
  return [...problems, ...missing]
}

const host: Check = (value, path) =>
  typeof value === 'string' && value !== '' && !value.includes('/')
    ? []
    : problem(
        path,
        value,
        'a host name, optionally with a port',
        "give a host name, optionally with a port: 'api.example.com' or 'api.example.com:8443'",
      )

/** A model host: a host name, or the base URL of an OpenAI-compatible server. */
const modelHost: Check = (value, path) => {
  if (typeof value === 'string' && value.includes('://') && URL.canParse(value)) return []
  return host(value, path).map((found) => ({
    ...found,
    message: `must be a host name or a base URL, got ${showValue(value)}`,
    fix: "write 'api.openai.com', or a base URL such as 'http://127.0.0.1:4010/v1'",
  }))
}

const trialCount = number(
  `a whole number from 1 to ${MAX_TRIALS}`,
  (value) => Number.isInteger(value) && value >= 1 && value <= MAX_TRIALS,
  `give a whole number of trials from 1 to ${MAX_TRIALS}, e.g. trials: 5`,
)

const trialsObject = shape(
  {
    k: trialCount,
    seeds: oneOf(['independent', 'shared']),
    sequential: shape(
      {
        looks: number(
          `a whole number from 2 to ${MAX_LOOKS}`,
          (value) => Number.isInteger(value) && value >= 2 && value <= MAX_LOOKS,
          `give the number of looks, a whole number from 2 to ${MAX_LOOKS}, e.g. sequential: { looks: 4 }`,
        ),
      },
      '{ looks: 4 }',
    ),
  },
  "{ k: 20, seeds: 'independent', sequential: { looks: 4 } }",
)

/** `trials: 5`, or `{ k, seeds, sequential }` with `k` required. */
const trials: Check = (value, path) => {
  if (!isObject(value)) return trialCount(value, path)
  const missing =
    value.k === undefined
      ? [
          {
            path: `${path}.k`,
            message: 'is missing',
            fix: 'give the most trials a side, e.g. { k: 20 }',
          },
        ]
      : []
  return [...missing, ...trialsObject(value, path)]
}

/**
 * The models layer's own check of its field lists (`redact`, `keep`, `volatile`): it throws
 * `AGENTTWIN_INVALID_MODELS_OPTION`, the code every entry point of the models option gives.
 */
const modelFieldLists: Check = (value) => {
  checkModelsOptions(value as Partial<ModelsOptions>, 'models')
  return []
}

const suiteAttack = shape(
  {
    attack: text(
      "name a library attack (e.g. 'unauthorised-write-note') or an attack.v1 file relative to the project root",
    ),
    with: (value, path) =>
      isObject(value)
        ? []
        : problem(
            path,
            value,
            "an object of the attack's variables",
            "write with: { order_id: 'ORD-1001', amount: 128 }",
          ),
    scenarios: globs("give a glob of scenario files such as 'scenarios/refund-*.scenario.yaml'"),
  },
  "{ attack: 'skip-required-check', scenarios: 'scenarios/refund-*.scenario.yaml' }",
)

/** `attacks: [{ attack, with?, scenarios? }]`, each entry naming its attack. */
const suiteAttacks: Check = (value, path) => {
  const fix = "write attacks: [{ attack: 'skip-required-check' }]"
  const problems = list(suiteAttack, fix)(value, path)
  if (!Array.isArray(value)) return problems
  const missing = value.flatMap((entry, index) =>
    isObject(entry) && entry.attack === undefined
      ? [{ path: `${path}[${index}].attack`, message: 'is missing', fix }]
      : [],
  )
  return [...problems, ...missing]
}

const OPTIONS: Record<string, Check> = {
  scenarios: globs("give a glob such as 'scenarios/*.scenario.yaml', or a list of globs"),
  agents: text("point at the module that exports your agents, e.g. './src/agents.ts'"),
  agentFiles: globs("give a glob such as 'agent/prompts/*.md', or a list of globs"),
  versions: list(text(VERSION_FIX), "write versions: ['v1.2.4', 'v1.3.0']"),
  pairs,
  attacks: suiteAttacks,
  seed: number('a whole number', Number.isSafeInteger, 'write e.g. seed: 0'),
  trials,
  alpha: number(
    'a number between 0 and 1',
    (value) => value > 0 && value < 1,
    'give a significance level between 0 and 1, e.g. alpha: 0.05',
  ),
  timeoutMs: number(
    'a positive number of milliseconds',
    (value) => value > 0,
    'give a positive number of milliseconds, e.g. timeoutMs: 30000',
  ),
  gate: shape(
    {
      block: list(oneOf(CASE_CLASSES), `use classes of ${CASE_CLASSES.join(', ')}`),
      warn: list(oneOf(CASE_CLASSES), `use classes of ${CASE_CLASSES.join(', ')}`),
      empty: oneOf(GATES),
    },
    "{ block: ['NEW_CRITICAL_FAILURE', 'REGRESSED'], warn: ['INCOMPLETE'] }",
  ),
  overrides: text("point at the reviewers' overrides file, e.g. 'reviews/overrides.json'"),
  models: both(
    shape(
      {
        mode: oneOf(MODEL_MODES),
        hosts: list(modelHost, "write hosts: ['api.openai.com', 'http://127.0.0.1:4010/v1']"),
        cassetteDir: text("write e.g. cassetteDir: '__cassettes__'"),
        // Their entries are checked below, by the models layer's own check.
        redact: () => [],
        keep: () => [],
        volatile: () => [],
        prices: (value, path) =>
          isObject(value)
            ? []
            : problem(
                path,
                value,
                'an object of prices per model',
                "write prices: { 'gpt-4o-mini': { input: 0.15, output: 0.6 } }",
              ),
      },
      "{ mode: 'replay' }",
    ),
    modelFieldLists,
  ),
  network: shape(
    {
      guard: oneOf(['run', 'case']),
      allowHosts: list(host, "write allowHosts: ['api.example.com']"),
      allowLoopback: flag,
    },
    "{ guard: 'run', allowHosts: ['api.example.com'] }",
  ),
  judge: shape(
    {
      provider: oneOf(JUDGE_PROVIDERS),
      model: text("name the judge's model, e.g. 'claude-sonnet-4-5'"),
      baseUrl: text("give the judge server's URL, e.g. 'http://localhost:11434/v1'"),
      threshold: number(
        'a number from 0 to 1',
        (value) => value >= 0 && value <= 1,
        'give the score a judge must reach to pass, e.g. threshold: 0.7',
      ),
    },
    "{ provider: 'anthropic' }",
  ),
  reporter: (value, path) =>
    typeof value === 'boolean'
      ? []
      : shape(
          {
            outputFile: orFalse(text("write e.g. outputFile: 'reports/agenttwin.json'")),
            htmlFile: orFalse(text("write e.g. htmlFile: 'reports/agenttwin.html'")),
            color: flag,
            stepSummaryFile: orFalse(text('give a file path, or false for none')),
          },
          "{ outputFile: 'reports/agenttwin.json' } or false",
        )(value, path),
}

const checkAll = shape(OPTIONS, "agentTwin({ agents: './src/agents.ts' })")

/**
 * THE check of the plugin's options, run when `agentTwin(...)` is called:
 * every option's type and range, unknown keys (at any depth) with a
 * did-you-mean, pairs with both versions. Throws one
 * `InvalidPluginOptionsError` listing every problem, located at the
 * `agentTwin(...)` call of the config file.
 * @example
 * checkPluginOptions({ scenario: 'x.yaml' })
 * // agentTwin(): scenario: unknown option "scenario". Fix: did you mean "scenarios"? ...
 */
export function checkPluginOptions(options: unknown): void {
  if (options === undefined) return
  const problems = checkAll(options, '')
  if (problems.length > 0) throw new InvalidPluginOptionsError(problems, undefined, callSite())
}
