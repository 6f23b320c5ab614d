import { describe, expect, it } from 'vitest'
import {
  AgentTemplateError,
  type AgentTemplateSource,
  compileAgentTemplate,
  readAgentTemplateFile,
  renderAgentTemplate,
} from './agent-template.ts'

const FILE = `---
label: Bakery
description: Takes cake orders.
purpose: takes cake orders for {{ company_name }}
---

## First message

Hello, {{ company_name }}!

## System prompt

You take orders for {{ company_name }}{% if city %} in {{ city }}{% endif %}.

Be brief.
`

const SOURCE: AgentTemplateSource = {
  id: 'bakery',
  label: 'Bakery',
  description: 'Takes cake orders.',
  purpose: 'takes cake orders for {{ company_name }}',
  firstMessage: 'Hello, {{ company_name }}!',
  system: 'You take orders for {{ company_name }}{% if city %} in {{ city }}{% endif %}.\n\nBe brief.',
}

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof AgentTemplateError) return error.message
    throw error
  }
  return null
}

describe('a template file', () => {
  it('reads into its label, description, purpose and two texts, whatever its line endings', () => {
    expect(readAgentTemplateFile('bakery', FILE)).toEqual(SOURCE)
    expect(readAgentTemplateFile('bakery', `\uFEFF${FILE.replaceAll('\n', '\r\n')}`)).toEqual(SOURCE)
  })

  it('refuses a file out of shape, naming the template and what is wrong', () => {
    expect(refusal(() => readAgentTemplateFile('bakery', '## First message\nHi'))).toBe(
      'Agent template "bakery": the file must start with its front matter between two "---" lines',
    )
    expect(refusal(() => readAgentTemplateFile('bakery', FILE.replace('label:', 'title:')))).toBe(
      'Agent template "bakery": "title: Bakery" in the front matter is not one of label:, description:, purpose:',
    )
    expect(refusal(() => readAgentTemplateFile('bakery', FILE.replace('## System prompt', '## Notes')))).toBe(
      'Agent template "bakery": "## Notes" is not a section; the sections are "## First message" and "## System prompt"',
    )
    expect(refusal(() => readAgentTemplateFile('bakery', FILE.replace(/## System prompt[\s\S]*/, '')))).toBe(
      'Agent template "bakery": it has no "## System prompt" section',
    )
  })
})

describe('compileAgentTemplate', () => {
  it('renders each text with the values, dropping what a missing detail guards', () => {
    const template = compileAgentTemplate(SOURCE)
    expect(renderAgentTemplate(template, { name: 'Jo', company_name: 'Crumbs', city: 'Bath' })).toEqual({
      purpose: 'takes cake orders for Crumbs',
      firstMessage: 'Hello, Crumbs!',
      system: 'You take orders for Crumbs in Bath.\n\nBe brief.',
    })
    expect(renderAgentTemplate(template, { name: 'Jo', company_name: 'Crumbs' }).system).toBe(
      'You take orders for Crumbs.\n\nBe brief.',
    )
  })

  it('refuses an unknown placeholder, naming the template, the text and the placeholder', () => {
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, system: 'Ask for {{ clinic_name }}.' }))).toBe(
      'Agent template "bakery": in its system prompt, {{ clinic_name }}: "clinic_name" is not a placeholder ' +
        '(the placeholders are name, company_name, city, services, opening_hours, website, booking_link, ' +
        'phone, description)',
    )
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, firstMessage: 'Hi from {{ city }}' }))).toContain(
      'Agent template "bakery": in its first message, {{ city }} may be empty there',
    )
  })

  it('refuses a text the longest details would push past what the platform is sent', () => {
    const first = `${'{% if services %}{{ services }} {% endif %}'.repeat(2)}Hi`
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, firstMessage: first }))).toBe(
      'Agent template "bakery": its first message could be 1,204 characters with the longest details, more ' +
        'than the 1,000 the voice platform is sent; shorten it',
    )
  })

  it('takes the facts block once, in the system prompt only', () => {
    const system = 'You answer for the business in the facts.\n\n{% facts %}\n\nBe brief.'
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, system }))).toBeNull()
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, firstMessage: 'Hi! {% facts %}' }))).toBe(
      'Agent template "bakery": in its first message, {% facts %} has no place: it belongs in the system prompt',
    )
    expect(
      refusal(() =>
        compileAgentTemplate({ ...SOURCE, system: `${system}{% if city %}{% facts %}{% endif %}` }),
      ),
    ).toBe('Agent template "bakery": in its system prompt, {% facts %} 2 times: give the facts once')
  })

  it('refuses a name that is not a file name of the rule, and an empty label', () => {
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, id: 'Bakery Shop' }))).toContain(
      'its name must be 1 to 40 lowercase letters, digits or dashes',
    )
    expect(refusal(() => compileAgentTemplate({ ...SOURCE, label: ' ' }))).toBe(
      'Agent template "bakery": its label is empty',
    )
  })
})
