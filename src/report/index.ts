export { FOLD_INDENT, foldLine, foldText } from './fold.ts'
export { htmlPieces, renderHtml } from './html/index.ts'
export { renderMarkdown } from './markdown.ts'
export { terminalColor } from './palette.ts'
export { InvalidReportError, parseComparisonReport } from './parse.ts'
export { type StateDiffLine, stateDiffLines } from './state-diff.ts'
export { renderTerminal } from './terminal.ts'
export {
  renderDiffStep,
  renderStep,
  renderTrajectory,
  renderTrajectoryForDiff,
} from './trajectory.ts'
export type { CheckedReport } from './validate.ts'
