import type { CaseReport } from '../../compare/report.ts'
import type { RateSummary } from '../../compare/trials/types.ts'
import { formatP, passFraction } from '../../compare/trials/words.ts'
import { familyWords, flakyWords, noiseFloorWords, passHatAll, sequentialWords } from '../trials.ts'
import { esc } from './values.ts'

function rate(summary: RateSummary): string {
  const w = summary.wilson
  return `<b>${passFraction(summary)}</b> <span class="muted">pass^${summary.trials} ${passHatAll(summary)} · Wilson [${w.low.toFixed(2)}, ${w.high.toFixed(2)}]</span>`
}

/** A case's trials: rates per side and expectation, p-values, notes, the representative trial pair. */
export function trialsSection(item: CaseReport): string {
  const t = item.trials
  if (!t) return ''
  const flaky = flakyWords(t)
  const rows = [
    `<tr><th>whole case</th><td>${rate(t.baseline)}</td><td>${rate(t.candidate)}</td><td></td></tr>`,
    ...t.expectations.map(
      (r) =>
        `<tr class="${r.significant ? 'significant' : ''}"><th><code>${esc(r.id)}</code>${r.critical ? ' <span class="badge critical">critical</span>' : ''}</th><td>${rate(r.baseline)}</td><td>${rate(r.candidate)}</td><td>${r.direction === 'same' ? '—' : `p = ${esc(formatP(r.pValue))}${r.significant ? ' <b>significant</b>' : ''}`}</td></tr>`,
    ),
  ]
  const notes = t.notes.map((note) => `<li>${esc(note)}</li>`).join('')
  const floor = t.noiseFloor
    ? `<p class="muted">Noise floor (a version paired with itself, each side its own runs): ${esc(t.noiseFloor.map(noiseFloorWords).join('; '))}</p>`
    : ''
  const sequential = t.sequential ? `<p>${esc(sequentialWords(t.sequential))}</p>` : ''
  return `<h4>Trials: ${t.k} a side, alpha ${t.alpha}${flaky ? ` · <b>${esc(flaky)}</b>` : ''}</h4>
<table class="trials"><thead><tr><th></th><th>baseline passed</th><th>candidate passed</th><th>one-sided Fisher</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p class="muted">${esc(familyWords(t))}${t.seeds ? `; seeds: ${esc(t.seeds)}` : ''}.</p>${sequential}
${notes ? `<ul class="notes">${notes}</ul>` : ''}${floor}<p class="muted">Divergence, sides and states below: ${esc(t.representative.reason)}.</p>`
}
