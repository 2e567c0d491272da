#!/usr/bin/env node
// The public API of each package entry, as names, kinds and signatures, read
// from the sources with the TypeScript compiler. `npm run api:update` writes
// api/agenttwin.api.md; test/api/api-report.test.ts fails when the committed
// report differs from the code, so a change to the API is always deliberate.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Each subpath of `exports` and the source file it is built from. */
export const ENTRIES = [
  ['agenttwin', 'src/public/index.ts'],
  ['agenttwin/vitest', 'src/public/vitest.ts'],
  ['agenttwin/vitest/setup', 'src/public/vitest-setup.ts'],
  ['agenttwin/reporter', 'src/public/reporter.ts'],
  ['agenttwin/msw', 'src/public/msw.ts'],
  ['agenttwin/server', 'src/public/server.ts'],
  ['agenttwin/mcp', 'src/public/mcp.ts'],
  ['agenttwin/adapters/ai-sdk', 'src/public/adapters/ai-sdk.ts'],
  ['agenttwin/adapters/openai-agents', 'src/public/adapters/openai-agents.ts'],
  ['agenttwin/adapters/langchain', 'src/public/adapters/langchain.ts'],
  ['agenttwin/adapters/mastra', 'src/public/adapters/mastra.ts'],
]

export const REPORT_FILE = 'api/agenttwin.api.md'

const FORMAT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.WriteArrowStyleSignature

function compilerOptions() {
  const file = ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(file.config, ts.sys, root)
  return { ...parsed.options, noEmit: true }
}

function clean(text) {
  // Absolute import paths in printed types: keep them relative to the repository.
  return text.replaceAll(`import("${root}`, 'import("').replace(/\s+/g, ' ')
}

function typeText(checker, type, at) {
  return clean(checker.typeToString(type, at, FORMAT))
}

function signatureText(checker, signature, at) {
  return clean(checker.signatureToString(signature, at, FORMAT))
}

/** Public members declared by the type itself (inherited ones are reported with their own type). */
function membersOf(checker, type, at, owner) {
  return checker
    .getPropertiesOfType(type)
    .filter((member) =>
      member.declarations?.some(
        (d) =>
          (!owner || owner.declarations?.includes(d.parent)) &&
          !(
            ts.getCombinedModifierFlags(d) &
            (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)
          ) &&
          !ts.isPrivateIdentifier(d.name ?? d),
      ),
    )
    .map((member) => {
      const optional = member.flags & ts.SymbolFlags.Optional ? '?' : ''
      const readonly = member.declarations?.some(
        (d) => ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly,
      )
        ? 'readonly '
        : ''
      const memberType = checker.getTypeOfSymbolAtLocation(member, at)
      return `  ${readonly}${member.name}${optional}: ${typeText(checker, memberType, at)}`
    })
    .sort()
}

function describeExport(checker, exported, at) {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
  const name = exported.name
  const flags = symbol.flags
  const lines = []
  if (flags & ts.SymbolFlags.Class) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at)
    const instance = checker.getDeclaredTypeOfSymbol(symbol)
    const bases = instance.getBaseTypes?.() ?? []
    const extendsText = bases.length
      ? ` extends ${bases.map((b) => typeText(checker, b, at)).join(', ')}`
      : ''
    lines.push(`class ${name}${extendsText}`)
    for (const signature of type.getConstructSignatures()) {
      lines.push(`  new ${signatureText(checker, signature, at)}`)
    }
    lines.push(
      ...membersOf(checker, type, at, symbol).map((line) => `  static ${line.trimStart()}`),
    )
    lines.push(...membersOf(checker, instance, at, symbol))
  } else if (flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, at)
    for (const signature of type.getCallSignatures()) {
      lines.push(`function ${name}${signatureText(checker, signature, at)}`)
    }
  } else if (flags & ts.SymbolFlags.Variable) {
    lines.push(
      `const ${name}: ${typeText(checker, checker.getTypeOfSymbolAtLocation(symbol, at), at)}`,
    )
  }
  if (flags & ts.SymbolFlags.Interface) {
    const declared = checker.getDeclaredTypeOfSymbol(symbol)
    const bases = declared.getBaseTypes?.() ?? []
    const extendsText = bases.length
      ? ` extends ${bases.map((b) => typeText(checker, b, at)).join(', ')}`
      : ''
    lines.push(`interface ${name}${extendsText}`)
    lines.push(...membersOf(checker, declared, at, symbol))
  } else if (flags & ts.SymbolFlags.TypeAlias) {
    const declaration = symbol.declarations?.find(ts.isTypeAliasDeclaration)
    const text = declaration
      ? clean(declaration.type.getText())
      : typeText(checker, checker.getDeclaredTypeOfSymbol(symbol), at)
    lines.push(`type ${name} = ${text}`)
  }
  if (lines.length === 0) lines.push(`${name} (${ts.SymbolFlags[flags] ?? flags})`)
  return lines.join('\n')
}

/** The report text, generated from the sources as they are now. */
export function generateApiReport() {
  const program = ts.createProgram(
    ENTRIES.map(([, file]) => `${root}${file}`),
    compilerOptions(),
  )
  const checker = program.getTypeChecker()
  const sections = ENTRIES.map(([subpath, file]) => {
    const source = program.getSourceFile(`${root}${file}`)
    const module = source && checker.getSymbolAtLocation(source)
    const exports = module ? checker.getExportsOfModule(module) : []
    const described = [...exports]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((exported) => describeExport(checker, exported, source))
    const body = described.length
      ? described.join('\n\n')
      : '(no exports: imported for its side effect)'
    return `## ${subpath}\n\nFrom \`${file}\`, ${exports.length} exports.\n\n\`\`\`ts\n${body}\n\`\`\`\n`
  })
  return [
    '# AgentTwin API report',
    '',
    'Generated by `npm run api:update` from the package entries; do not edit. A test fails when it',
    'differs from the code, so every change to the public API shows up here in review.',
    '',
    ...sections,
  ].join('\n')
}

/** The committed report, or '' when there is none yet. */
export function committedApiReport() {
  try {
    return readFileSync(`${root}${REPORT_FILE}`, 'utf8')
  } catch {
    return ''
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(`${root}${REPORT_FILE}`, generateApiReport())
  console.log(`wrote ${REPORT_FILE}`)
}
