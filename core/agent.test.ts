import { describe, expect, it } from 'vitest'
import { createAgentTemplateSet, renderProspectAgent, toAgentValues } from './agent.ts'
import { createAgentSettings, toAssistantOverrides } from './agent-settings.ts'
import { AgentTemplateError, type AgentTemplateSource } from './agent-template.ts'
import { DEMO_TOOL_NAMES, DEMO_TOOLS } from './demo-actions.ts'
import { normalizeProspectFields } from './prospect-fields.ts'
import type { ProspectFields } from './rep-api.ts'

const template = (id: string, label: string, system: string): AgentTemplateSource => ({
  id,
  label,
  description: `${label} agent.`,
  purpose: `answers the phone for {{ company_name }}`,
  firstMessage: 'Thanks for calling {{ company_name }}!',
  system,
})

const TEMPLATES = createAgentTemplateSet([
  template(
    'salon',
    'Salon',
    'You book haircuts at {{ company_name }}{% if city %} in {{ city }}{% endif %}.',
  ),
  template('general', 'General', 'You answer calls for {{ company_name }}, built for {{ name }}.'),
  template('bakery', 'Bakery', 'You take cake orders for {{ company_name }}.'),
])

/** The fields left out are none, as the form and the import store them. */
const FIELDS = normalizeProspectFields({
  slug: 'curl-up',
  name: 'Jo Marsh',
  company_name: 'Curl Up',
  template: 'salon',
  city: 'Bath',
} as ProspectFields)

describe('createAgentTemplateSet', () => {
  it('offers the general template first, then the others by label', () => {
    expect(TEMPLATES.list.map((t) => t.source.id)).toEqual(['general', 'bakery', 'salon'])
  })

  it('gives the general template for none, and for a name no file has any more', () => {
    expect(TEMPLATES.get(null).source.id).toBe('general')
    expect(TEMPLATES.get('florist').source.id).toBe('general')
    expect(TEMPLATES.has('florist')).toBe(false)
  })

  it('refuses a set without the general template, which prospects without one use', () => {
    expect(() => createAgentTemplateSet([template('salon', 'Salon', 'x')])).toThrow(AgentTemplateError)
  })
})

describe('renderProspectAgent', () => {
  it("renders the prospect's template with its values", () => {
    expect(renderProspectAgent(TEMPLATES, FIELDS)).toEqual({
      purpose: 'answers the phone for Curl Up',
      firstMessage: 'Thanks for calling Curl Up!',
      system: 'You book haircuts at Curl Up in Bath.',
    })
  })

  it("puts a rep's own words in place of the template's, rendered with the same values", () => {
    const agent = renderProspectAgent(TEMPLATES, {
      ...FIELDS,
      first_message: 'Curl Up{% if city %} in {{ city }}{% endif %}, hi!',
    })
    expect(agent.firstMessage).toBe('Curl Up in Bath, hi!')
    expect(agent.system).toBe('You book haircuts at Curl Up in Bath.')
  })

  it('sends a hand-written text that is no agent text as it was written', () => {
    expect(renderProspectAgent(TEMPLATES, { ...FIELDS, system: 'Say {{ hello }} back.' }).system).toBe(
      'Say {{ hello }} back.',
    )
  })

  it('takes the values it was made from: the contact, the company and only the details given', () => {
    expect(toAgentValues({ ...FIELDS, website: '  ' })).toEqual({
      name: 'Jo Marsh',
      company_name: 'Curl Up',
      city: 'Bath',
    })
  })

  it("passes the business's phone number and its own description on when given", () => {
    const values = toAgentValues({
      ...FIELDS,
      phone: ' +44 1225 000000 ',
      description: 'A cosy salon in the heart of Bath.',
    })
    expect(values).toEqual({
      name: 'Jo Marsh',
      company_name: 'Curl Up',
      city: 'Bath',
      phone: '+44 1225 000000',
      description: 'A cosy salon in the heart of Bath.',
    })
    const templates = createAgentTemplateSet([
      template(
        'general',
        'General',
        'You answer for {{ company_name }}.{% if description %} In its own words: "{{ description }}".{% endif %}' +
          '{% if phone %} Its number is {{ phone }}.{% endif %}',
      ),
    ])
    expect(renderProspectAgent(templates, { ...FIELDS, ...values }).system).toBe(
      'You answer for Curl Up. In its own words: "A cosy salon in the heart of Bath.". Its number is +44 1225 000000.',
    )
  })
})

describe("a call's agent", () => {
  const prospect = {
    name: 'Jo Marsh',
    companyName: 'Curl Up',
    firstMessage: 'Hi!',
    system: 'Be kind.',
    variables: { name: 'Jo Marsh', company_name: 'Curl Up', city: 'Bath' },
    assistantId: null,
  }
  const metadata = { prospectSlug: 'curl-up', visitId: null, source: 'phone' } as const
  const model = { provider: 'openai', model: 'gpt-4o-mini' }
  const artifactPlan = { recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false }

  it('is the same overrides for every channel: first message, prompt, tools, values, metadata, nothing recorded', () => {
    const agent = createAgentSettings(prospect, metadata)
    expect(agent.recordingEnabled).toBe(false)
    expect(toAssistantOverrides(agent, model)).toEqual({
      firstMessage: 'Hi!',
      model: { ...model, messages: [{ role: 'system', content: 'Be kind.' }], tools: DEMO_TOOLS },
      variableValues: { name: 'Jo Marsh', company_name: 'Curl Up', city: 'Bath' },
      metadata,
      artifactPlan,
    })
  })

  it("leaves a prospect's own assistant its own words, and gives it the values, the metadata and the tools", () => {
    const agent = createAgentSettings({ ...prospect, assistantId: 'asst-their-own' }, metadata)
    expect(toAssistantOverrides(agent, model)).toEqual({
      model: { ...model, tools: DEMO_TOOLS },
      variableValues: { name: 'Jo Marsh', company_name: 'Curl Up', city: 'Bath' },
      metadata,
      artifactPlan,
    })
  })

  it('names every tool of the demo once, each with the arguments its answers need', () => {
    expect(DEMO_TOOLS.map((tool) => tool.function.name)).toEqual([...DEMO_TOOL_NAMES])
    for (const { function: fn } of DEMO_TOOLS) {
      for (const key of fn.parameters.required)
        expect(fn.parameters.properties, `${fn.name}.${key}`).toHaveProperty(key)
    }
  })
})
