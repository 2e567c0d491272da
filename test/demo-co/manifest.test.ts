import { describe, expect, it } from 'vitest'
import { ManifestError } from '../../examples/demo-co/agent/errors.ts'
import { parseManifest } from '../../examples/demo-co/agent/manifest.ts'

describe('parseManifest', () => {
  it('reads name, version and the instruction lines with their line numbers', () => {
    const text = [
      '---',
      'name: demo-co-support',
      'version: 2.0.0',
      '---',
      '# Instructions',
      '',
      '- You are the support refund agent for Demo Co.',
      '2. Always call lookup_order before acting on an order.',
    ].join('\n')
    expect(parseManifest(text, 'm.md')).toEqual({
      file: 'm.md',
      name: 'demo-co-support',
      version: '2.0.0',
      instructions: [
        { line: 7, text: 'You are the support refund agent for Demo Co.' },
        { line: 8, text: 'Always call lookup_order before acting on an order.' },
      ],
    })
  })

  it('says where and how to fix a manifest without front matter', () => {
    const error = (() => {
      try {
        parseManifest('You are an agent.', 'bare.md')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ManifestError)
    expect(error).toMatchObject({
      code: 'DEMO_MANIFEST_INVALID',
      message: expect.stringMatching(
        /^bare\.md:1:1 the manifest does not start with front matter\. Fix: /,
      ),
    })
  })

  it('refuses a version YAML reads as a number, and a manifest without lines', () => {
    expect(() => parseManifest('---\nname: a\nversion: 1.3\n---\nHi.', 'v.md')).toThrow(
      /v\.md:2:1 the front matter has no string "version" \(got 1\.3\)/,
    )
    expect(() => parseManifest('---\nname: a\nversion: "1"\n---\n\n', 'e.md')).toThrow(
      /e\.md:4:1 the manifest has no instruction lines/,
    )
  })
})
