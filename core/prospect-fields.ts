import { AgentTextError, compileAgentText, hasPlaceholders } from './agent-text.ts'
import { isValidSlug, RESERVED_SLUGS } from './prospect.ts'

/**
 * The fields a rep writes: the same as the CSV import's columns. The agent is the template's
 * (`template`, empty: the general one) rendered with the contact, the company and the optional
 * details; `first_message` and `system`, when given, replace the template's own texts and may use
 * the same placeholders. Null or empty optional fields are none.
 */
export interface ProspectFields {
  slug: string
  name: string
  company_name: string
  template: string | null
  city: string | null
  services: string | null
  opening_hours: string | null
  website: string | null
  booking_link: string | null
  /** The business's own telephone number, as its website gives it. */
  phone: string | null
  /** A sentence or two on the business in its own words (its website's). */
  description: string | null
  /** The business's logo as kept on our side: the id of a stored image (website-reading.ts). */
  logo: string | null
  /** The business's colour, `#rrggbb` (its website's theme colour). */
  theme_color: string | null
  first_message: string | null
  system: string | null
  /** Empty or null: the configured default assistant. */
  assistant_id: string | null
}

/** A prospect valid in every field, for checking one value alone (fieldValuePasses). */
const STAND_IN: ProspectFields = normalizeProspectFields({
  slug: 'stand-in',
  name: 'Stand-in',
  company_name: 'Stand-in',
} as ProspectFields)

/**
 * Whether one value passes its field's rule, as it would in a prospect the form or the API saves: for
 * values that come from elsewhere (a website, an AI summary) before a rep sees them.
 */
export function fieldValuePasses(field: ProspectField, value: string, context: FieldContext = {}): boolean {
  const problems = listProspectFieldProblems({ ...STAND_IN, [field]: value }, context)
  return !problems.some((problem) => problem.field === field)
}

/** One message per field that breaks the rule, as the reps' API answers them (422 `fields`). */
export type FieldErrors = Partial<Record<keyof ProspectFields, string>>

export type ProspectField = keyof ProspectFields

export interface ProspectFieldRule {
  required: boolean
  /** Characters (code points, as Postgres counts them). */
  max: number
  /** Line breaks allowed: prompts have paragraphs; a name on a page does not. */
  multiline: boolean
  /** An agent text: it may name the prospect's fields as placeholders (agent-text.ts). */
  agentText?: true
}

/**
 * A prospect's fields and their limits, the one rule for the CSV import, the reps' API and the
 * browser form. Lengths are what a page and a voice agent can use: a name or company that fits a
 * heading, details an agent says in a sentence, an opening line spoken in a breath or two, a system
 * prompt well inside what voice platforms accept. The slug follows the site's rule (prospect.ts); the
 * template is one of the agent templates (empty: the general one); the first message and system
 * prompt are optional: given, they replace the template's.
 */
export const PROSPECT_FIELD_RULES: Readonly<Record<ProspectField, ProspectFieldRule>> = {
  slug: { required: true, max: 64, multiline: false },
  name: { required: true, max: 120, multiline: false },
  company_name: { required: true, max: 120, multiline: false },
  template: { required: false, max: 40, multiline: false },
  city: { required: false, max: 120, multiline: false },
  services: { required: false, max: 600, multiline: false },
  opening_hours: { required: false, max: 300, multiline: false },
  website: { required: false, max: 300, multiline: false },
  booking_link: { required: false, max: 300, multiline: false },
  phone: { required: false, max: 40, multiline: false },
  description: { required: false, max: 500, multiline: false },
  logo: { required: false, max: 64, multiline: false },
  theme_color: { required: false, max: 7, multiline: false },
  first_message: { required: false, max: 1000, multiline: true, agentText: true },
  system: { required: false, max: 20000, multiline: true, agentText: true },
  assistant_id: { required: false, max: 100, multiline: false },
}

/** The fields in the order problems are reported (and the CSV's columns). */
export const PROSPECT_FIELD_NAMES = Object.keys(PROSPECT_FIELD_RULES) as ProspectField[]

/**
 * Each field as the reps' form labels it (without "(optional)"): every message about a field names it
 * so, since a rep reads the form, not the column names.
 */
export const PROSPECT_FIELD_LABELS: Readonly<Record<ProspectField, string>> = {
  slug: 'Slug',
  name: 'Contact name',
  company_name: 'Company name',
  template: 'Kind of business',
  city: 'City',
  services: 'Services',
  opening_hours: 'Opening hours',
  website: 'Website',
  booking_link: 'Booking link',
  phone: 'Phone number',
  description: 'About the business',
  logo: 'Logo',
  theme_color: 'Brand colour',
  first_message: 'Own first message',
  system: 'Own system prompt',
  assistant_id: 'Assistant ID',
}

/**
 * How a message names its field: by its label (the form, the API's `fields`), or by its column with
 * the label after it (a CSV's lines, where the rep fixes the file by its columns).
 */
export type FieldNaming = 'label' | 'column'

/** "Company name", or "company_name (Company name)" for a CSV's line. */
export const nameProspectField = (field: ProspectField, naming: FieldNaming = 'label'): string =>
  naming === 'column' ? `${field} (${PROSPECT_FIELD_LABELS[field]})` : PROSPECT_FIELD_LABELS[field]

/** The fields that may be left out (a CSV may omit their columns; empty is none). */
export type OptionalProspectField = Exclude<ProspectField, 'slug' | 'name' | 'company_name'>

export interface FieldProblem {
  field: ProspectField
  message: string
}

/** What the rule checks against besides the fields: the agent templates that exist, when known. */
export interface FieldContext {
  templateIds?: readonly string[]
}

// Control characters other than tab and line breaks have no place in text shown on a page.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const LINE_BREAK = /[\r\n]/
const PLACEHOLDER_MARKS = /\{\{|\}\}|\{%|%\}/

/** The fields as they are stored: every value trimmed, an empty optional field as none. */
export function normalizeProspectFields(fields: ProspectFields): ProspectFields {
  const read = (field: ProspectField) => (fields[field] ?? '').trim()
  const optional = (field: OptionalProspectField) => read(field) || null
  return {
    slug: read('slug'),
    name: read('name'),
    company_name: read('company_name'),
    template: optional('template'),
    city: optional('city'),
    services: optional('services'),
    opening_hours: optional('opening_hours'),
    website: optional('website'),
    booking_link: optional('booking_link'),
    phone: optional('phone'),
    description: optional('description'),
    logo: optional('logo'),
    theme_color: optional('theme_color')?.toLowerCase() ?? null,
    first_message: optional('first_message'),
    system: optional('system'),
    assistant_id: optional('assistant_id'),
  }
}

/**
 * Every problem of the fields (values are trimmed first), in the order the import reports them:
 * field by field, then the slug's own rule. A field may have more than one. Each message starts with
 * the field's name as `naming` says; what follows never starts with a quoted value, so it reads the
 * same after a label and after a column.
 */
export function listProspectFieldProblems(
  fields: ProspectFields,
  context: FieldContext = {},
  naming: FieldNaming = 'label',
): FieldProblem[] {
  const values = normalizeProspectFields(fields)
  const problems: FieldProblem[] = []
  const report = (field: ProspectField, problem: string) =>
    problems.push({ field, message: `${nameProspectField(field, naming)} ${problem}` })
  for (const field of PROSPECT_FIELD_NAMES) {
    const value = values[field] ?? ''
    const rule = PROSPECT_FIELD_RULES[field]
    const found = (problem: string) => report(field, problem)
    if (value === '') {
      if (rule.required) found('is required')
      continue
    }
    // UTF-16 units are never fewer than code points: count the latter only when it can matter.
    const length = value.length > rule.max ? [...value].length : value.length
    if (length > rule.max) found(`has ${length} characters (at most ${rule.max})`)
    if (CONTROL.test(value)) found('contains control characters')
    else if (!rule.multiline && LINE_BREAK.test(value)) found('contains a line break')
    if (rule.agentText) {
      const problem = checkAgentText(value)
      if (problem) found(problem)
    } else if (PLACEHOLDER_MARKS.test(value)) {
      found("contains {{, }}, {% or %}, which mark placeholders in an agent's texts")
    }
  }
  for (const field of FORMATTED_FIELDS) {
    const value = values[field]
    if (
      value !== null &&
      [...value].length <= PROSPECT_FIELD_RULES[field].max &&
      !FORMATS[field].pattern.test(value)
    ) {
      report(field, FORMATS[field].problem)
    }
  }
  const slugProblem = checkSlugRule(values.slug)
  if (slugProblem) report('slug', slugProblem)
  const templateProblem = checkTemplate(values.template, context)
  if (templateProblem) report('template', templateProblem)
  return problems
}

/**
 * Fields with a shape of their own: a website a reader can open, a phone number a caller can dial (digits and the usual marks,
 * an extension at most), a logo that is one of our stored images (never an address to elsewhere, so
 * a page never loads a picture from a site we did not check), a colour a page can paint.
 */
const FORMATS = {
  website: {
    // A host with a dot or a port (localhost:3000), the scheme http(s) or none, no spaces: an address
    // the website reader can be given, as a rep pastes it from a browser's address bar.
    pattern:
      /^(?:https?:\/\/)?(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+\.?|[a-z0-9-]+(?=:\d))(?::\d{1,5})?(?:[/?#]\S*)?$/i,
    problem: 'must be a web address, like bright-smile.example or https://bright-smile.example',
  },
  phone: {
    pattern: /^(?=(?:\D*\d){6})\+?[0-9(][0-9 ().\-/]{4,30}(?:\s*(?:ext\.?|x)\s*[0-9]{1,6})?$/i,
    problem: 'must be a telephone number: digits, spaces and + ( ) . - / only',
  },
  logo: { pattern: /^[0-9a-f]{64}$/, problem: 'must be the id of a stored logo (64 hexadecimal digits)' },
  theme_color: { pattern: /^#[0-9a-f]{6}$/i, problem: 'must be a colour written #rrggbb' },
} as const
const FORMATTED_FIELDS = Object.keys(FORMATS) as (keyof typeof FORMATS)[]

/** A hand-written first message or prompt: its placeholders, if any, must be the agent's. */
function checkAgentText(value: string): string | null {
  if (!hasPlaceholders(value) && !PLACEHOLDER_MARKS.test(value)) return null
  try {
    compileAgentText(value)
    return null
  } catch (error) {
    if (error instanceof AgentTextError) return `has a placeholder problem: ${error.message}`
    throw error
  }
}

/** The template names a file of the agent templates (its rule; and one that exists, when they are known). */
function checkTemplate(template: string | null, context: FieldContext): string | null {
  if (template === null || [...template].length > PROSPECT_FIELD_RULES.template.max) return null
  const known = context.templateIds
  if (!TEMPLATE_NAME.test(template) || (known && !known.includes(template))) {
    const which = known ? `one of the agent templates (${known.join(', ')})` : 'an agent template'
    return `must be ${which}, not "${template}"`
  }
  return null
}

/** The rule of a template's name (its file name without .md). */
export const TEMPLATE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/

/** One message per field that breaks the rule (its problems joined by "; "); empty when all are fine. */
export function checkProspectFields(fields: ProspectFields, context: FieldContext = {}): FieldErrors {
  const errors: FieldErrors = {}
  for (const { field, message } of listProspectFieldProblems(fields, context)) {
    const earlier = errors[field]
    errors[field] = earlier === undefined ? message : `${earlier}; ${message}`
  }
  return errors
}

/** The slug's pattern, checked once its length is within the limit (the length has its own message). */
function checkSlugRule(slug: string): string | null {
  if (slug === '' || [...slug].length > PROSPECT_FIELD_RULES.slug.max || isValidSlug(slug)) return null
  if (RESERVED_SLUGS.includes(slug)) {
    return `cannot be "${slug}": that is the address of one of the site's own pages`
  }
  const suggestion = suggestSlug(slug)
  return (
    `must be lowercase letters, digits or dashes, not "${slug}"` +
    (suggestion && suggestion !== slug ? ` (for example "${suggestion}")` : '')
  )
}

/** A slug in the site's rule made from free text: "Bright Smile Dental" → "bright-smile-dental". */
export function suggestSlug(text: string): string | null {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PROSPECT_FIELD_RULES.slug.max)
    .replace(/-+$/, '')
  return isValidSlug(slug) ? slug : null
}

/** The scheduler a rep's "Book a call" link must be on, unless the team's scheduler is elsewhere. */
export const SCHEDULER_HOST = 'calendly.com'
/** The longest scheduling link kept (the database's check agrees). */
export const SCHEDULING_LINK_MAX = 300

/**
 * A rep's scheduling link, as the profile page and the reps' API check it: an https address of a page
 * on the scheduler's host (calendly.com, or `teamHost`, the host of the team's own scheduling link when
 * the server has one elsewhere), since the prospect's page opens it inline in that scheduler's frame
 * and the booking is confirmed with that scheduler. Null when it passes, else what is wrong, in words
 * for the rep. An empty value is no link, and passes.
 */
export function checkSchedulingLink(value: string, teamHost: string | null = null): string | null {
  const link = value.trim()
  if (link === '') return null
  if ([...link].length > SCHEDULING_LINK_MAX) {
    return `The scheduling link is too long (at most ${SCHEDULING_LINK_MAX} characters).`
  }
  const hosts = [SCHEDULER_HOST, ...(teamHost && teamHost !== SCHEDULER_HOST ? [teamHost] : [])]
  const example = 'https://calendly.com/your-name/30min'
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return `Paste the whole address of your scheduling page, like ${example}.`
  }
  if (/\s/.test(link) || CONTROL.test(link)) return 'The scheduling link cannot contain spaces.'
  if (url.protocol !== 'https:') return `The scheduling link must start with https://, like ${example}.`
  if (url.username || url.password) return 'The scheduling link cannot contain a name or password.'
  if (!hosts.includes(url.hostname.toLowerCase()) || url.port !== '') {
    return `The scheduling link must be a page on ${hosts.join(' or ')}, like ${example}.`
  }
  if (url.pathname === '/' || url.pathname === '') {
    return `The scheduling link must name your page, like ${example}, not only ${url.hostname}.`
  }
  return null
}
