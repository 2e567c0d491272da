import type { CaseReport } from '../../compare/report.ts'
import type { RateSummary } from '../../compare/trials/types.ts'
import { formatP, passFraction } from '../../compare/trials/words.ts'
import { successWords, vulnerabilityWords } from '../security.ts'
import {
  conversationNoiseWords,
  familyWords,
  flakyWords,
  noiseFloorWords,
  passHatAll,
  sequentialWords,
  trialsUsedWords,
} from '../trials.ts'
import { html, type SafeHtml } from './safe-html.ts'

function rate(summary: RateSummary): SafeHtml {
  const w = summary.wilson
  return html`<b>${passFraction(summary)}</b> <span class="muted">pass^${summary.trials} ${passHatAll(summary)} · Wilson [${w.low.toFixed(2)}, ${w.high.toFixed(2)}]</span>`
}

/** A case under attack over trials: utility under attack and each attack's success rate, per side. */
function securityTable(t: NonNullable<CaseReport['trials']>): SafeHtml {
  const security = t.security
  if (!security) return html``
  const rows = security.attacks.map(
    (attack) =>
      html`<tr class="${attack.candidateMoreVulnerable ? 'significant' : ''}"><th>attack <code>${attack.attack}</code> succeeded</th><td>${successWords(attack.baseline)}</td><td>${successWords(attack.candidate)}</td><td>${vulnerabilityWords(attack)}</td></tr>`,
  )
  return html`<table class="trials security"><thead><tr><th>under attack</th><th>baseline</th><th>candidate</th><th></th></tr></thead><tbody><tr><th>utility held (the user’s expectations)</th><td>${rate(security.utility.baseline)}</td><td>${rate(security.utility.candidate)}</td><td></td></tr>${rows}</tbody></table>`
}

/** A case's trials: rates per side and expectation, p-values, notes, the representative trial pair. */
export function trialsSection(item: CaseReport): SafeHtml {
  const t = item.trials
  if (!t) return html``
  const flaky = flakyWords(t)
  const rows = [
    html`<tr><th>whole case</th><td>${rate(t.baseline)}</td><td>${rate(t.candidate)}</td><td></td></tr>`,
    ...t.expectations.map(
      (r) =>
        html`<tr class="${r.significant ? 'significant' : ''}"><th><code>${r.id}</code>${r.critical ? html` <span class="badge critical">critical</span>` : ''}</th><td>${rate(r.baseline)}</td><td>${rate(r.candidate)}</td><td>${r.direction === 'same' ? '—' : html`p = ${formatP(r.pValue)}${r.significant ? html` <b>significant</b>` : ''}`}</td></tr>`,
    ),
  ]
  const notes = t.notes.map((note) => html`<li>${note}</li>`)
  const floor = t.noiseFloor
    ? html`<p class="muted">Noise floor (a version paired with itself, each side its own runs): ${t.noiseFloor.map(noiseFloorWords).join('; ')}</p>`
    : ''
  const conversation = t.conversationNoise
    ? html`<p class="muted">Noise floor, ${conversationNoiseWords(t.conversationNoise)}.</p>`
    : ''
  const sequential = t.sequential ? html`<p>${sequentialWords(t.sequential)}</p>` : ''
  return html`<h4>Trials: ${trialsUsedWords(t)}, alpha ${t.alpha}${flaky ? html` · <b>${flaky}</b>` : ''}</h4>
<table class="trials"><thead><tr><th></th><th>baseline passed</th><th>candidate passed</th><th>one-sided Fisher</th></tr></thead><tbody>${rows}</tbody></table>${securityTable(t)}
<p class="muted">${familyWords(t)}${t.seeds ? `; seeds: ${t.seeds}` : ''}.</p>${sequential}
${notes.length > 0 ? html`<ul class="notes">${notes}</ul>` : ''}${floor}${conversation}<p class="muted">Divergence, sides and states below: ${t.representative.reason}.</p>`
}
