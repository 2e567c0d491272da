// Checks one outcomes file with the built package (its public entry) and prints the peak RSS in kB.
import { checkOutcomeFile } from '../../../dist/public/index.js'

const summary = await checkOutcomeFile(process.argv[2])
process.stdout.write(
  `${JSON.stringify({ rows: summary.rows, maxRssKb: process.resourceUsage().maxRSS })}\n`,
)
