/** What the plugin tells the reporter (through Vite's plugin `api`). */
export interface AgentTwinPluginApi {
  /** Every scenario file the globs select, absolute and sorted: the whole selection of a run. */
  scenarioFiles(): string[]
}
