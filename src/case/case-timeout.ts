/** Default time one agent run may take before the case counts as unfinished. */
export const DEFAULT_CASE_TIMEOUT_MS = 30_000
