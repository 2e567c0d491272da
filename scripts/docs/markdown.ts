/** Small Markdown helpers shared by the reference page writers. */

/** Escapes text for a Markdown table cell (pipes and line breaks would break the row). */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

/** Inline code that survives any backticks inside. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``
}

/**
 * Text VitePress renders as Vue templates: a `<word>` in prose would be read
 * as an element, so prose taken from the code is escaped before it goes in.
 */
export function prose(text: string): string {
  return text
    .replaceAll('{{', '&#123;&#123;')
    .replace(/<(?!\/?(?:a|code|b|i|em|strong)\b)/g, '&lt;')
}

/** The anchor VitePress gives a heading (its slugify), so generated links can point at it. */
export function slug(heading: string): string {
  return (
    heading
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes, as VitePress's slugify does
      .replace(/[\u0000-\u001f]/g, '')
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toLowerCase()
  )
}

/**
 * A page: a heading and its body, ending in one newline. The body sits in a
 * `v-pre` container: text taken from the code may hold `{{ }}` (templates),
 * which Vue would otherwise read as an expression, even inside inline code.
 */
export function page(title: string, body: string[]): string {
  return `${[`# ${title}`, '', '::: v-pre', ...body, '', ':::'].join('\n').trimEnd()}\n`
}

export const GENERATED_NOTE =
  '<!-- Generated from the code by scripts/docs/generate.ts; edit the source, not this page. -->'
