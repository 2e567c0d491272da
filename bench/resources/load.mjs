// Loads a module of the package for the resource benches: from the build in
// dist/ (or the build at DIST=<dir>, e.g. one made before a change), or with
// SOURCE=1 under `node --import tsx` from src/ (how the tests run them).
import { pathToFileURL } from 'node:url'

const root = new URL('../../', import.meta.url)

/** `load('public/msw')` → the module `dist/public/msw.js` (or `src/public/msw.ts`). */
export function load(name) {
  if (process.env.SOURCE === '1') return import(new URL(`src/${name}.ts`, root).href)
  const dist = process.env.DIST ?? new URL('dist/', root).pathname
  return import(pathToFileURL(`${dist}/${name}.js`).href)
}
