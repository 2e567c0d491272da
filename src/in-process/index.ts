/** Twins as in-process tools: tool functions that call a twin exactly as HTTP does. */
export { callTwinTool, type ToolCallOptions } from './call-tool.ts'
export { NoTwinInContextError, type ToolFailure, TwinToolError } from './errors.ts'
export {
  resolveTwinSource,
  type TwinnedToolsOptions,
  type TwinRoute,
  type TwinSource,
  type TwinToolFunction,
  type TwinToolSpec,
  type TwinToolsOptions,
  twinned,
  twinRoute,
  twinToolSpecs,
  twinTools,
} from './twin-tools.ts'
