import type { GatePolicy } from '../../compare/gate.ts'
import type { ModelsOptions } from '../../models/types.ts'

/** A baseline and a candidate version of the same agent, compared case by case. */
export interface PairOption {
  /** The version the candidate is measured against, e.g. `v1.2.4`. */
  baseline: string
  /** The version under review, e.g. `v1.3.0`. */
  candidate: string
  /**
   * The gate this pair is known to reach. Default: the pair must not block.
   * Set `'BLOCK'` for a candidate that is a known regression (a demo, a bisect):
   * its blocking cases then pass as tests, and the run fails only if the gate
   * is not what was declared, so a regression that stops being caught is noticed.
   */
  expectGate?: 'PASS' | 'WARN' | 'BLOCK'
}

/** Trials with their seeds and rounds (see README, "Trials"). */
export interface TrialsOption {
  /** Trials per case and side, 1 to 1000 (with `sequential`, the most a case may use); a scenario's own `trials` wins. */
  k: number
  /**
   * `'independent'` (default): each side of a pair runs its own seed per trial,
   * derived from the pinned seed, the side and the trial, so a version paired
   * with itself measures how reproducible it is. `'shared'`: both sides of a
   * trial run one seed (for deterministic agents, whose only randomness is
   * the seeded faults).
   */
  seeds?: 'independent' | 'shared'
  /**
   * Trials in rounds: a pair's case is looked at `looks` times (2 to 20, at
   * equal steps up to k) and stops as soon as its result is decisive, with
   * alpha spent across the looks (O'Brien-Fleming type).
   */
  sequential?: { looks: number }
}

/** The network guard of a project (see README, "The network guard"). */
export interface NetworkOption {
  /**
   * `'run'` (default): nothing leaves the process for the whole test run of the
   * project, plain tests and module code included, and a refusal a plain test
   * swallowed still fails it. `'case'`: the guard is on only while a scenario
   * case, `describeScenario` or `useTwin` holds it (the opt-out for a project
   * whose plain tests must reach real servers).
   */
  guard?: 'run' | 'case'
  /** Hosts the code under test may reach for real: `api.example.com`, or `api.example.com:8443` for one port. */
  allowHosts?: string[]
  /** Let traffic to this machine through (servers the tests start themselves). Default `false`. */
  allowLoopback?: boolean
}

/** An attack the whole suite runs under (see README, "Injection testing"). */
export interface SuiteAttackOption {
  /** A library attack id (`unauthorised-write-note`), or the path of an attack.v1 file relative to the project root. */
  attack: string
  /** Values for the attack's variables, as a scenario's `with:` gives them. */
  with?: Record<string, unknown>
  /** Globs of the scenario files it applies to, relative to the project root. Default: every scenario. */
  scenarios?: string | string[]
}

/** Options of {@link agentTwin}. Every path is relative to the Vitest project root. */
export interface AgentTwinOptions {
  /** Globs of scenario documents that run as test files. Default `['**\/*.scenario.{yaml,yml,json}']`. */
  scenarios?: string | string[]
  /**
   * The module that exports the agents under test: `export const agents = { 'v1.2.4': agent, ... }`,
   * or a default export of that shape, or a single `Agent` as default export. Required for scenario files.
   */
  agents?: string
  /**
   * Files the agents read at run time rather than import (manifests, prompts, tool
   * descriptions), as globs. Every scenario depends on them, so a change to one reruns
   * the scenarios in watch mode and under `vitest --changed` / `related`. Default: none.
   */
  agentFiles?: string | string[]
  /** Versions to run each scenario against when no pairs are given. Default: every exported version. */
  versions?: string[]
  /** Paired comparisons; when given, each scenario runs once per version and one test per pair compares them. */
  pairs?: PairOption[]
  /**
   * Attacks to run every scenario under (or the scenarios their `scenarios` globs select):
   * each adds one case per scenario, with the attack's injections and its security check,
   * as if the scenario named it in `attacks:`. A scenario that has its own `attacks:` runs
   * those instead (an empty list runs it under none). Default: none.
   */
  attacks?: SuiteAttackOption[]
  /** Seed for scenarios that declare none. Default 0. */
  seed?: number
  /**
   * Trials per case and agent version, 1 to 1000 (a scenario's own `trials` wins),
   * or `{ k, seeds, sequential }`. Each trial is its own test from the same pinned
   * case; each side of a pair runs its own seed per trial, and pairs are judged
   * by rates (see README, "Trials"). Default 1: no trials.
   */
  trials?: number | TrialsOption
  /** Significance level of a case compared over trials (held for the case as a whole). Default 0.05. */
  alpha?: number
  /** How long one agent run may take before the case counts as unfinished. Default 30000 ms. */
  timeoutMs?: number
  /** Which classes block and which warn. Default: NEW_CRITICAL_FAILURE and REGRESSED block, INCOMPLETE warns. */
  gate?: Partial<GatePolicy>
  /** A reviewers' overrides file (see README, "Human review"). Default: none. */
  overrides?: string
  /**
   * Model traffic of the agents (and a real-model judge): hosts, mode (`live`, `record`,
   * `replay`, `auto`, `off`; default `replay` under CI, else `auto`; `AGENTTWIN_MODELS`
   * overrides it), cassettes, redaction and prices. See README, "Agents on real models".
   */
  models?: ModelsOptions
  /** The network guard: how long it holds and which hosts it lets through. Default `{ guard: 'run' }`. */
  network?: NetworkOption
  /** Judge configuration. Default: the offline keyword-overlap fake (not a language model). */
  judge?: {
    provider?: 'fake' | 'anthropic' | 'openai'
    model?: string
    baseUrl?: string
    threshold?: number
  }
  /**
   * The AgentTwin reporter, added by the plugin so that `--reporter` flags on the
   * command line add to it instead of replacing it: its options, or `false` to leave
   * reporting to your `reporters` list. Not added twice when `reporters` already has one.
   * Default `true` (JSON and HTML in `reports/`, GitHub step summary when set).
   */
  reporter?: boolean | AgentTwinReporterOptions
}

/** Options of `AgentTwinReporter`. */
export interface AgentTwinReporterOptions {
  /** Where the JSON report goes, relative to the project root; `false` for none. Default `reports/agenttwin.json`. */
  outputFile?: string | false
  /** Where the self-contained HTML report goes; `false` for none. Default: next to the JSON, `.html` for `.json`. */
  htmlFile?: string | false
  /** Colour in the terminal. Default: on unless `NO_COLOR` is set or the output is not a terminal. */
  color?: boolean
  /** Append a Markdown summary to this file (relative to the project root); `false` for none. Default: `$GITHUB_STEP_SUMMARY` when set. */
  stepSummaryFile?: string | false
}
