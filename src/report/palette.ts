import pc from 'picocolors'
import type { CaseClass } from '../compare/classify.ts'
import type { GateVerdict } from '../compare/gate.ts'

export type Colors = ReturnType<typeof pc.createColors>

/** Colours on or off; the caller decides (and respects `NO_COLOR`). */
export function palette(color: boolean): Colors {
  return pc.createColors(color)
}

export function paintClass(colors: Colors, name: CaseClass): string {
  switch (name) {
    case 'NEW_CRITICAL_FAILURE':
      return colors.bold(colors.red(name))
    case 'REGRESSED':
      return colors.red(name)
    case 'INCOMPLETE':
      return colors.yellow(name)
    case 'IMPROVED':
      return colors.green(name)
    case 'UNCHANGED':
      return colors.dim(name)
  }
}

export function paintGate(colors: Colors, verdict: GateVerdict): string {
  if (verdict === 'BLOCK') return colors.bold(colors.red(verdict))
  if (verdict === 'WARN') return colors.bold(colors.yellow(verdict))
  return colors.bold(colors.green(verdict))
}

/** The default for colour: on for a terminal, off when `NO_COLOR` is set or output is piped. */
export function terminalColor(env: Record<string, string | undefined> = process.env): boolean {
  return !env.NO_COLOR && process.stdout.isTTY === true
}
