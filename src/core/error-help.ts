/**
 * What each error code means and what to do about it, in the words the
 * documentation shows: one page per code is generated from this table, and
 * the catalogue type makes a code without its entry a compile error.
 */
import type { ErrorCode } from './error-codes.ts'

/** The headings the reference groups the codes under, in order. */
export const ERROR_GROUPS = [
  'Documents and files',
  'Twin runtime',
  'Faults',
  'Test network and served twins',
  'Models and traces',
  'Evaluation, comparison and judges',
  'Vitest plugin, fixtures and matchers',
  'The `agenttwin` command',
  'In-process tools and framework adapters',
] as const

/** The help of one code: its group, when it is thrown, what to do. Markdown. */
export interface ErrorHelp {
  group: (typeof ERROR_GROUPS)[number]
  when: string
  fix: string
}

/** Every error code's help, keyed by code. */
export const ERROR_HELP: { readonly [Code in ErrorCode]: ErrorHelp } = {
  AGENTTWIN_INVALID_DOCUMENT: {
    group: 'Documents and files',
    when: 'A twin, scenario or contract document has problems; `problems` lists each at file:line:col with its fix.',
    fix: 'Correct each problem where it points; `npx agenttwin validate` shows them all.',
  },
  AGENTTWIN_NOT_JSON: {
    group: 'Documents and files',
    when: 'A state value, argument or answer has no JSON form (function, bigint, cycle, non-finite number).',
    fix: 'Keep twin data to plain JSON.',
  },
  AGENTTWIN_UNREADABLE_FILE: {
    group: 'Documents and files',
    when: 'A file a command was pointed at cannot be read.',
    fix: 'Check the path (relative to the current directory) and its permissions.',
  },
  AGENTTWIN_LIMIT_EXCEEDED: {
    group: 'Documents and files',
    when: "Something is bigger (or deeper) than a [limit](#limits) allows: a document, report, cassette, MCP message, request body or twin state; the message names it, the limit and the variable that raises it. (A document over its limit is reported as a problem of `AGENTTWIN_INVALID_DOCUMENT` at the file's 1:1.)",
    fix: 'Make it smaller, or raise the limit for the run, e.g. `AGENTTWIN_MAX_DOCUMENT_BYTES=64MiB`.',
  },
  AGENTTWIN_INVALID_LIMIT: {
    group: 'Documents and files',
    when: 'An `AGENTTWIN_MAX_\u2026` variable is not a whole number of bytes (or a size such as `64MiB`), or of levels for `AGENTTWIN_MAX_DEPTH`.',
    fix: 'Correct the value, or unset it for the default.',
  },
  AGENTTWIN_UNSAFE_PATH: {
    group: 'Twin runtime',
    when: 'A state path reaches outside plain data (`__proto__`, `constructor`, `prototype`) or has an empty segment.',
    fix: 'Use dotted paths of plain keys or indexes.',
  },
  AGENTTWIN_PATH_CONFLICT: {
    group: 'Twin runtime',
    when: 'A write needs an object or array where the state holds a scalar.',
    fix: 'Point the effect at a container, or set the parent first.',
  },
  AGENTTWIN_MISSING_PLACEHOLDER: {
    group: 'Twin runtime',
    when: 'A template needs `{name}` and the call has no value for it.',
    fix: 'Pass the argument, or mark it required in the input schema.',
  },
  AGENTTWIN_UNKNOWN_TOOL: {
    group: 'Twin runtime',
    when: 'A call names a tool the twin does not define.',
    fix: 'Call a listed tool, or add it to the twin document.',
  },
  AGENTTWIN_TWIN_DISPOSED: {
    group: 'Twin runtime',
    when: 'A twin was called after `dispose()`.',
    fix: 'Create a fresh twin per case.',
  },
  AGENTTWIN_UNKNOWN_ADAPTER: {
    group: 'Twin runtime',
    when: 'A `kind: adapter` handler names an adapter nobody registered.',
    fix: '`registerAdapter(name, adapter)` before `createTwin()`, or pass `options.adapters`.',
  },
  AGENTTWIN_DUPLICATE_ADAPTER: {
    group: 'Twin runtime',
    when: 'An adapter name was registered twice with different implementations.',
    fix: 'Pick a unique name.',
  },
  AGENTTWIN_ADAPTER_FAILED: {
    group: 'Twin runtime',
    when: 'A registered adapter threw instead of answering.',
    fix: 'Return `{ status, body }` for every call, errors included.',
  },
  AGENTTWIN_INVALID_CLOCK: {
    group: 'Twin runtime',
    when: '`clock.start` is not an ISO 8601 time or `clock.stepMs` is not a non-negative number.',
    fix: 'Use e.g. `2026-01-01T00:00:00.000Z` and a whole `stepMs`.',
  },
  AGENTTWIN_INVALID_INPUT_SCHEMA: {
    group: 'Twin runtime',
    when: "A tool's `input` JSON Schema does not compile.",
    fix: 'Correct `tools[].input`.',
  },
  AGENTTWIN_INVALID_FAULT_PARAM: {
    group: 'Twin runtime',
    when: "A fault's params do not fit what the twin needs to enact it.",
    fix: 'Correct the param in the rule or the catalog default.',
  },
  AGENTTWIN_EFFECT_FAILED: {
    group: 'Twin runtime',
    when: 'An effect cannot run on the current state (e.g. `increment` of a string); the caller gets a 500.',
    fix: 'Correct the effect or the state it runs on.',
  },
  AGENTTWIN_UNKNOWN_FAULT_TYPE: {
    group: 'Faults',
    when: 'A fault rule names a type the catalog does not have (the message suggests the closest).',
    fix: 'Use a type from `npx agenttwin faults`.',
  },
  AGENTTWIN_INVALID_FAULT_RULE: {
    group: 'Faults',
    when: 'A fault rule cannot run as written; every problem is listed.',
    fix: 'Correct each field the message names.',
  },
  AGENTTWIN_UNHANDLED_REQUEST: {
    group: 'Test network and served twins',
    when: 'A request no twin handles; it never leaves the process.',
    fix: 'Serve the host with a twin, or allow it explicitly.',
  },
  AGENTTWIN_UNHANDLED_REQUESTS: {
    group: 'Test network and served twins',
    when: '`assertNoUnhandled()` found requests no twin handled.',
    fix: 'See the fix of each request in `interception.unhandled`.',
  },
  AGENTTWIN_INTERCEPTION_ACTIVE: {
    group: 'Test network and served twins',
    when: 'A second interception was started while one is live in the process.',
    fix: '`dispose()` the first, or share one and `use(twin)`.',
  },
  AGENTTWIN_INTERCEPTION_DISPOSED: {
    group: 'Test network and served twins',
    when: 'An interception was used after `dispose()`.',
    fix: 'Create a new one per test.',
  },
  AGENTTWIN_TWIN_BASE_URL_IN_USE: {
    group: 'Test network and served twins',
    when: 'Two twins claim the same base URL in one interception.',
    fix: 'Give each twin its own `http.baseUrl`.',
  },
  AGENTTWIN_DUPLICATE_TOOL_ROUTE: {
    group: 'Test network and served twins',
    when: 'Two tools of a twin answer the same method and path.',
    fix: 'Give one another `http.path` or method.',
  },
  AGENTTWIN_INVALID_CALLER_VIEW: {
    group: 'Test network and served twins',
    when: "A fault type's caller view cannot be rendered.",
    fix: "Correct the fault type's `view()`.",
  },
  AGENTTWIN_TWIN_SERVER_LISTEN: {
    group: 'Test network and served twins',
    when: '`serveTwin` / `agenttwin serve` cannot listen on the host and port.',
    fix: 'Choose another port (0 picks a free one) or host.',
  },
  AGENTTWIN_SERVE_TWIN_OPTIONS: {
    group: 'Test network and served twins',
    when: '`serveTwin` options that cannot hold together.',
    fix: 'Follow the fix in the message.',
  },
  AGENTTWIN_SERVE_BODY_TOO_LARGE: {
    group: 'Test network and served twins',
    when: 'A request to a served twin is over `maxBodyBytes`.',
    fix: 'Send less, or raise `maxBodyBytes`.',
  },
  AGENTTWIN_MODEL_MODE: {
    group: 'Models and traces',
    when: 'A model mode that is not one, or a live mode asked for implicitly under CI.',
    fix: 'Use `live`, `record`, `replay`, `auto` or `off`; ask for live in CI explicitly.',
  },
  AGENTTWIN_INVALID_CASSETTE: {
    group: 'Models and traces',
    when: 'A model cassette file cannot be read.',
    fix: 'Re-record with `AGENTTWIN_MODELS=record`, or restore it.',
  },
  AGENTTWIN_MODEL_CASSETTE_MISS: {
    group: 'Models and traces',
    when: 'A model request the cassette does not hold, or that may not be sent.',
    fix: 'Record the cassette.',
  },
  AGENTTWIN_INVALID_MODELS_OPTION: {
    group: 'Models and traces',
    when: '`models.redact`, `models.keep` or `models.volatile` is not a list of field names or paths, or a field is in both `redact` and `keep` (the same check in the plugin, `runCase`, `run(agent, { models })` and the judge).',
    fix: "Give a list such as `keep: ['session_id']`; keep a field or redact it, not both.",
  },
  AGENTTWIN_INVALID_TRACE: {
    group: 'Models and traces',
    when: 'A file is not an OTLP JSON trace.',
    fix: 'Export the trace as OTLP JSON.',
  },
  AGENTTWIN_RECORD_INDEX_OUT_OF_RANGE: {
    group: 'Evaluation, comparison and judges',
    when: 'A record index outside the records handed to the retry definition.',
    fix: 'Pass an index within the list.',
  },
  AGENTTWIN_SELECTION_MISMATCH: {
    group: 'Evaluation, comparison and judges',
    when: 'The two sides of a pair ran different selections (scenario versions, twins, seeds).',
    fix: 'Run both sides from one pinned selection.',
  },
  AGENTTWIN_INVALID_GATE_POLICY: {
    group: 'Evaluation, comparison and judges',
    when: 'A release gate policy names an unknown class or one class twice.',
    fix: 'List each class at most once, in `block` or `warn`.',
  },
  AGENTTWIN_MIXED_SIDE: {
    group: 'Evaluation, comparison and judges',
    when: 'A side of a pair holds a case another agent version ran.',
    fix: 'Pass each version only its own cases.',
  },
  AGENTTWIN_JUDGE_CONFIG: {
    group: 'Evaluation, comparison and judges',
    when: 'The judge configuration (options or environment) cannot be used.',
    fix: 'Follow the fix in the message (API key, provider, timeout).',
  },
  AGENTTWIN_JUDGE_CACHE: {
    group: 'Evaluation, comparison and judges',
    when: 'The judge verdict cache cannot be read or written.',
    fix: 'Delete it (it is rebuilt) or set another `cacheFile`.',
  },
  AGENTTWIN_JUDGE_FILE_UNREADABLE: {
    group: 'Evaluation, comparison and judges',
    when: 'An overrides, labels or calibration file cannot be read or written.',
    fix: 'Check the path and permissions.',
  },
  AGENTTWIN_OVERRIDE_CONFLICT: {
    group: 'Evaluation, comparison and judges',
    when: 'Two human overrides claim the same result equally specifically.',
    fix: 'Keep one of them.',
  },
  AGENTTWIN_INVALID_REPORT: {
    group: 'Evaluation, comparison and judges',
    when: 'A file is not a comparison report AgentTwin can render.',
    fix: 'Pass the JSON report the reporter wrote.',
  },
  AGENTTWIN_MINE_SOURCE: {
    group: 'Evaluation, comparison and judges',
    when: 'The source of `agenttwin mine` cannot be mined as asked.',
    fix: 'Follow the fix in the message.',
  },
  AGENTTWIN_INVALID_PLUGIN_OPTIONS: {
    group: 'Vitest plugin, fixtures and matchers',
    when: '`agentTwin()` options that cannot be used.',
    fix: 'Follow the fix in the message.',
  },
  AGENTTWIN_INVALID_AGENT_MODULE: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'The agents module does not export agents in a shape AgentTwin understands.',
    fix: 'Export `agents` (version \u2192 `{ name, version, run }`) or a default agent.',
  },
  AGENTTWIN_UNKNOWN_AGENT_VERSION: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A version a scenario or pair asks for is not exported by the agents module.',
    fix: 'Correct the version, or export that agent.',
  },
  AGENTTWIN_NO_SCENARIO_FOR_FIXTURE: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A scenario fixture (`run`, `twin`) used outside `describeScenario`.',
    fix: 'Wrap the test in `describeScenario(...)`, or use `useTwin(...)`.',
  },
  AGENTTWIN_USE_TWIN_INSIDE_TEST: {
    group: 'Vitest plugin, fixtures and matchers',
    when: '`useTwin(...)` was called inside a test.',
    fix: 'Call it in the describe block.',
  },
  AGENTTWIN_TWIN_OUTSIDE_TEST: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A `useTwin` handle was read outside the tests it serves.',
    fix: 'Read it inside a test.',
  },
  AGENTTWIN_NO_TEST_FILE: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A relative document path with no running test file to resolve it against.',
    fix: 'Pass an absolute path or a URL.',
  },
  AGENTTWIN_FIXTURE_NETWORK_UNAVAILABLE: {
    group: 'Vitest plugin, fixtures and matchers',
    when: "The fixtures' shared test network could not start.",
    fix: 'Dispose your own interception first, or pass yours to `runCase`.',
  },
  AGENTTWIN_NOT_A_CASE_RUN: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A matcher received something that is not a `CaseRun`.',
    fix: 'Pass what `run(agent)` or `twin.caseRun(result)` returns.',
  },
  AGENTTWIN_INVALID_MATCHER_ARGUMENT: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A matcher argument the evaluator cannot take.',
    fix: 'Follow the fix in the message.',
  },
  AGENTTWIN_EXPECTATION_FAILED: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A scenario expectation did not pass on this agent version (the failure of a scenario test).',
    fix: 'Change the agent, or the expectation if the new behaviour is right.',
  },
  AGENTTWIN_PAIR_REGRESSION: {
    group: 'Vitest plugin, fixtures and matchers',
    when: "A pair's case blocks the release; the diff shows both trajectories.",
    fix: 'Fix the candidate, or review the case in the overrides file.',
  },
  AGENTTWIN_INCOMPLETE_PAIR: {
    group: 'Vitest plugin, fixtures and matchers',
    when: "Under CI, a pair's case did not run to the end on a side (it did not finish: a refused request, a cassette miss, a timeout; or a judge could not answer); its cause is in the message.",
    fix: 'Make both sides finish (serve the host with a twin, record the cassettes), then rerun.',
  },
  AGENTTWIN_MISSING_PAIR_RECORD: {
    group: 'Vitest plugin, fixtures and matchers',
    when: 'A pair test in a blob or report carries no pair record (written by another version of agenttwin), so the reporter cannot compare its case.',
    fix: 'Rerun the tests (or the shards) with this version before merging reports.',
  },
  AGENTTWIN_AGENT_MODULE_LOAD: {
    group: 'The `agenttwin` command',
    when: 'The `--agent` module cannot be loaded or does not export what was asked.',
    fix: 'Follow the fix in the message.',
  },
  AGENTTWIN_VITE_MISSING: {
    group: 'The `agenttwin` command',
    when: 'A TypeScript agent module needs Vite to load, and it is not installed.',
    fix: '`npm i -D vitest`, or point at compiled JavaScript.',
  },
  AGENTTWIN_DUPLICATE_SCENARIO_ID: {
    group: 'The `agenttwin` command',
    when: 'Two scenario files share an id.',
    fix: 'Give each scenario its own id.',
  },
  AGENTTWIN_INVALID_RECORDS: {
    group: 'The `agenttwin` command',
    when: 'A file given as call records holds none.',
    fix: 'Pass the JSON of `GET /__agenttwin/records` or `agenttwin run --json`.',
  },
  AGENTTWIN_OUTPUT_IS_INPUT: {
    group: 'The `agenttwin` command',
    when: "An output path (`--out`, `--json`, `--markdown`, `--records`) is one of the command's inputs, however it is spelled: relative, `./`, a symbolic link or a hard link. Nothing is written.",
    fix: 'Write the output to another path.',
  },
  AGENTTWIN_UNWRITABLE_OUTPUT: {
    group: 'The `agenttwin` command',
    when: 'An output file cannot be written: a part of its folder path is a regular file, it is a folder, or permission is denied.',
    fix: 'Choose an output path whose folders are folders (or can be created) and that may be written.',
  },
  AGENTTWIN_TOOL_CALL_FAILED: {
    group: 'In-process tools and framework adapters',
    when: "An in-process twin tool showed its caller a failure: a 4xx/5xx answer, a connection error, an answer cut short. Thrown to the agent's framework (which shows it to the model as a failing tool), not a mistake in the test; `status`, `body` and `connection` say what the caller saw.",
    fix: 'Nothing, unless the agent should have handled it: the record is the evidence.',
  },
  AGENTTWIN_NO_TWIN_IN_CONTEXT: {
    group: 'In-process tools and framework adapters',
    when: 'A tool built from a twin document was called where no case, scenario test or `useTwin` block serves that twin.',
    fix: 'Run the agent through AgentTwin, or build the tools from a live twin: `twinTools(twin)`.',
  },
  AGENTTWIN_MISSING_PEER: {
    group: 'In-process tools and framework adapters',
    when: 'An adapter entry (`agenttwin/adapters/...`) was imported and its framework is not installed, or a twin was served over MCP (`agenttwin/mcp`, `transport: mcp`, `agenttwin mcp`, `agenttwin serve`) without `@modelcontextprotocol/sdk`.',
    fix: 'Install the packages the message names (`npm i -D ai`, `npm i -D @modelcontextprotocol/sdk`, ...).',
  },
  AGENTTWIN_AGENT_INPUT: {
    group: 'In-process tools and framework adapters',
    when: 'An adapted agent got an input without a user message.',
    fix: 'Give the scenario `input: { message: "..." }` (or a string).',
  },
  AGENTTWIN_TOOL_NOT_WRAPPABLE: {
    group: 'In-process tools and framework adapters',
    when: 'A framework tool handed to a `twinned...Tools` wrapper has nothing the twin can stand in for (no `execute`, or not a function tool).',
    fix: 'Wrap only tools that run code (`execute`, a function tool, a structured tool); leave the others as they are.',
  },
  AGENTTWIN_CLI_USAGE: {
    group: 'The `agenttwin` command',
    when: "A command line the verb cannot run: an unknown option (the message names the closest one), an option without its value, a value of the wrong kind or range, options that exclude each other, or a missing or extra argument. Exit status 2, with the verb's usage.",
    fix: 'Write the option as the message and `agenttwin <verb> --help` say.',
  },
  AGENTTWIN_INVALID_TURN: {
    group: 'Twin runtime',
    when: '`twin.beginTurn(n)` was given a turn that is not a whole number after the current one.',
    fix: 'Count user turns from 1, one after another.',
  },
}
