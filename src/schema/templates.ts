import { CALL_FACTS, type TemplateSite, templatePlaceholders } from '../core/placeholders.ts'
import type { FieldPath } from './field-path.ts'
import type { Issue } from './issue.ts'
import { didYouMean, listWords } from './suggest.ts'

/** The `$` placeholders every template may use (see `twin-document.ts`): the runtime's own list. */
export const SPECIAL_PLACEHOLDERS: readonly string[] = CALL_FACTS

/**
 * The placeholder expressions in a template string, read with the twin
 * runtime's own grammar, so braces around anything else (`{"a": 1}`, `{ x }`)
 * are literal text in both places.
 * @example
 * findPlaceholders('refund:{order_id}') // ['order_id']
 * findPlaceholders('{$target.status}') // ['$target.status']
 */
export function findPlaceholders(template: string): string[] {
  return templatePlaceholders(template)
}

/**
 * Problems of the placeholders in one template: undeclared arguments,
 * unknown `$` specials, specials that do not apply here.
 * @example
 * templateIssues('orders.{order_idd}', ['tools', 0, 'handler', 'target'], scope)
 */
export function templateIssues(template: string, at: FieldPath, site: TemplateSite): Issue[] {
  const issues: Issue[] = []
  for (const expression of findPlaceholders(template)) {
    const root = expression.split('.')[0]!
    if (root.startsWith('$')) {
      if (!SPECIAL_PLACEHOLDERS.includes(root)) {
        issues.push({
          path: at,
          message: `placeholder \`{${expression}}\` names an unknown special \`${root}\``,
          fix: `use one of ${listWords(SPECIAL_PLACEHOLDERS)}${didYouMean(root, SPECIAL_PLACEHOLDERS)}`,
        })
      } else if (site.unavailable?.[root]) {
        issues.push({
          path: at,
          message: `placeholder \`{${expression}}\` cannot be used here: ${site.unavailable[root]}`,
          fix: `remove \`{${expression}}\``,
        })
      }
      continue
    }
    if (!site.argumentNames.includes(root)) {
      const misspelled = misspelledPlaceholder(expression, site.argumentNames)
      if (misspelled) {
        issues.push({
          path: at,
          message: `placeholder \`{${expression}}\` ${misspelled.why}`,
          fix: misspelled.fix,
        })
        continue
      }
      const declared =
        site.argumentNames.length > 0
          ? `declared: ${listWords(site.argumentNames)}`
          : 'it declares none'
      issues.push({
        path: at,
        message: `placeholder \`{${expression}}\` names \`${root}\`, which is not an argument of tool \`${site.tool}\` (${declared})`,
        fix: `declare \`${root}\` under the tool's \`input.properties\`, or fix the name${didYouMean(root, site.argumentNames)}`,
      })
    }
  }
  return issues
}

/** Roots that authors coming from other template languages put before an argument name. */
const ARGUMENT_PREFIXES = ['args', 'arguments', 'input', 'params']

/**
 * A placeholder written in another template dialect (`{args.order_id}`,
 * `{target.status}`), with the spelling this grammar wants; undefined when the
 * expression is not one of those.
 */
function misspelledPlaceholder(
  expression: string,
  argumentNames: readonly string[],
): { why: string; fix: string } | undefined {
  const [root, ...rest] = expression.split('.')
  if (root === undefined) return undefined
  if (ARGUMENT_PREFIXES.includes(root) && rest.length > 0 && !argumentNames.includes(root)) {
    const argument = rest[0]!
    const declare = argumentNames.includes(argument)
      ? ''
      : `, and declare \`${argument}\` under the tool's \`input.properties\``
    return {
      why: `puts \`${root}.\` before the argument \`${argument}\``,
      fix: `arguments are named directly: write \`{${rest.join('.')}}\`${declare}`,
    }
  }
  if (SPECIAL_PLACEHOLDERS.includes(`$${root}`)) {
    return {
      why: `names \`${root}\`, which is a call fact, not an argument`,
      fix: `call facts start with \`$\`: write \`{$${expression}}\``,
    }
  }
  return undefined
}
