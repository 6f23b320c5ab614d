import {
  AGENT_PLACEHOLDERS,
  AgentTextError,
  compileMessageText,
  type MessagePlaceholder,
  type MessageTextPart,
  type MessageValues,
  renderMessageText,
} from '#core/agent-text.ts'
import { CHANNEL_PARAM, type VisitChannel } from '#core/engagement.ts'
import type { ProspectFields } from '#core/prospect-fields.ts'
import { LINKEDIN_MESSAGE_LIMIT, type OutreachWording } from '#core/rep-api.ts'

/**
 * The message a rep sends a prospect, made from the team's wording (core/rep-api.ts) and the
 * prospect's fields: the email (subject, plain text, and HTML with the page's preview picture as a
 * clickable thumbnail), a `mailto:` for the plain version, and the LinkedIn message. Each link names
 * its channel (`?via=email`, `?via=linkedin`), so the Timeline says which message the prospect
 * followed. Pure: the page and its tests share it.
 */

/** The prospect's page, as a link sent through `channel`. */
export const channelLink = (origin: string, slug: string, channel: VisitChannel): string =>
  `${origin}/${slug}?${CHANNEL_PARAM}=${channel}`

/** The page's own preview picture (1200×630), drawn for this prospect by the server. */
export const previewImageUrl = (origin: string, slug: string): string => `${origin}/${slug}/preview.png`

/** A subject this long reads whole in an inbox's line; a long company is cut to fit it. */
export const SUBJECT_FIT = 120
/** A value is never cut shorter than this: a company of 12 characters and "…" still says who. */
const SHORTEST_CUT = 12
/** The thumbnail's width in the email: wide enough to read the name on it, narrow enough for a phone. */
export const THUMBNAIL_WIDTH = 480
/** The picture's own proportions (1200×630) at that width: the mail keeps its room before it loads. */
const THUMBNAIL_HEIGHT = Math.round((THUMBNAIL_WIDTH * 630) / 1200)

/** Words a contact name field holds when it names no person (a role, a placeholder, a dash). */
const NOT_A_PERSON =
  /^(?:owner|the owner|manager|office manager|front desk|reception|receptionist|office|team|the team|staff|info|contact|admin|sales|support|hello|there|n\/?a|none|unknown|tbd|-+|\?+)$/iu
/** A courtesy title before a name: "Dr. Jane Smith" is Jane; "Dr. Smith" stays "Dr. Smith". */
const TITLE = /^(?:dr|mr|mrs|ms|miss|mx|prof)\.?$/iu

/**
 * The contact's first name, to greet them by: the first word of their name that has a letter, after a
 * title. Null when the name is no person's (empty, the company's own name, a role like "Front desk",
 * only emoji), so the message can say "Hi there" and the button "Email {company}" instead.
 */
export function firstNameOf(name: string, companyName: string): string | null {
  const whole = name.trim().replace(/\s+/g, ' ')
  if (whole === '' || NOT_A_PERSON.test(whole)) return null
  if (whole.toLocaleLowerCase() === companyName.trim().replace(/\s+/g, ' ').toLocaleLowerCase()) return null
  const words = whole.split(' ').filter((word) => /\p{L}/u.test(word))
  const [first, second] = words
  if (!first) return null
  // "Dr. Smith": the title and the surname are how to greet them.
  if (TITLE.test(first)) {
    if (!second) return null
    return words.length === 2 ? `${first} ${second}` : second
  }
  return countGraphemes(first) > 40 ? null : first
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const splitGraphemes = (text: string): string[] => Array.from(graphemes.segment(text), (part) => part.segment)
const countGraphemes = (text: string): number => splitGraphemes(text).length

/**
 * `text` cut to at most `max` characters (UTF-16 units, as the limit counts them), ending in "…": at
 * a word's end when one is near, never inside an emoji or an accented letter.
 */
export function cutCleanly(text: string, max: number): string {
  if (text.length <= max) return text
  let kept = ''
  let next = ''
  for (const part of splitGraphemes(text)) {
    if (kept.length + part.length > max - 1) {
      next = part
      break
    }
    kept += part
  }
  // A word the cut went through goes whole, when a word's end is near.
  const space = kept.lastIndexOf(' ')
  if (!/\s/u.test(next) && space >= kept.length / 2) kept = kept.slice(0, space)
  // "Smile and…" reads as a slip: a joining word at the cut goes too.
  const tidied = kept.replace(/[\s,.;:!?&–—-]+$/u, '').replace(/\s+(?:and|or|of|the|for|with|&)$/iu, '')
  return `${tidied.replace(/[\s,.;:!?&–—-]+$/u, '')}…`
}

/** The placeholders a text names, each once, wherever they stand. */
function namesIn(parts: readonly MessageTextPart[], into = new Set<MessagePlaceholder>()) {
  for (const part of parts) {
    if (part.kind === 'value') into.add(part.name)
    if (part.kind === 'if') {
      into.add(part.name)
      namesIn(part.present, into)
      namesIn(part.otherwise, into)
    }
  }
  return into
}

/**
 * Renders `parts`, cutting the longest value the text names (never the link) until the text fits in
 * `limit` characters or every value is as short as it may be: a 200-character company becomes
 * "Bright Smile Family Dental…" rather than the message losing its end.
 */
export function renderToFit(parts: readonly MessageTextPart[], values: MessageValues, limit: number): string {
  const current: MessageValues = { ...values }
  const cuttable = [...namesIn(parts)].filter((name) => name !== 'link')
  let text = renderMessageText(parts, current)
  while (text.length > limit) {
    const longest = cuttable
      .map((name) => ({ name, length: current[name]?.trim().length ?? 0 }))
      .filter(({ length }) => length > SHORTEST_CUT)
      .sort((a, b) => b.length - a.length)[0]
    if (!longest) break
    const target = Math.max(SHORTEST_CUT, longest.length - (text.length - limit))
    current[longest.name] = cutCleanly(current[longest.name]?.trim() ?? '', target)
    text = renderMessageText(parts, current)
  }
  return text
}

export interface OutreachMessage {
  /** Who the message greets: the first name, or the company when the name is no person's. */
  addressee: string
  subject: string
  /** The email as plain text: paragraphs apart by an empty line, the link on its own. */
  text: string
  /** The same email as simple inline-styled HTML, the preview picture a link to the page. */
  html: string
  /** Opens the mail app with the subject and the plain text (the prospect has no address here). */
  mailto: string
  linkedin: string
  emailLink: string
  linkedinLink: string
  previewUrl: string
}

export interface OutreachInput {
  wording: OutreachWording
  fields: ProspectFields
  origin: string
  /** The sending rep's name, as their profile gives it; empty: none. */
  repName: string
}

/** The message for one prospect; throws AgentTextError when the wording breaks the rule (a draft). */
export function buildOutreachMessage({ wording, fields, origin, repName }: OutreachInput): OutreachMessage {
  const firstName = firstNameOf(fields.name, fields.company_name)
  const base: MessageValues = {
    ...Object.fromEntries(AGENT_PLACEHOLDERS.map((name) => [name, fields[name] ?? ''])),
    name: fields.name,
    company_name: fields.company_name,
    link: '',
    ...(firstName ? { first_name: firstName } : {}),
    ...(repName.trim() ? { rep_name: repName.trim() } : {}),
  }
  const emailLink = channelLink(origin, fields.slug, 'email')
  const linkedinLink = channelLink(origin, fields.slug, 'linkedin')
  const previewUrl = previewImageUrl(origin, fields.slug)
  const subject = renderToFit(compileMessageText(wording.subject), { ...base, link: emailLink }, SUBJECT_FIT)
    .replace(/\s+/g, ' ')
    .trim()
  const text = renderMessageText(compileMessageText(wording.email), { ...base, link: emailLink })
  const linkedin = renderToFit(
    compileMessageText(wording.linkedin),
    { ...base, link: linkedinLink },
    LINKEDIN_MESSAGE_LIMIT - 1,
  )
  return {
    addressee: firstName ?? fields.company_name,
    subject,
    text,
    html: emailHtml(text, {
      link: emailLink,
      previewUrl,
      alt: `A demo voice agent for ${fields.company_name}: open it`,
    }),
    mailto: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`,
    linkedin,
    emailLink,
    linkedinLink,
    previewUrl,
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const PARAGRAPH = 'margin:0 0 16px 0'
const LINK = 'color:#4338ca;text-decoration:underline'

/**
 * The email as HTML a mail editor keeps when it is pasted (Gmail's and Outlook's web editors keep
 * inline styles, links and remote pictures, and drop stylesheets): a paragraph per paragraph, line
 * breaks as `<br>`, the link as a link, and the preview picture, wrapped in the link, where the link
 * stands alone (else after the first paragraph that names it), with the address under it for a
 * reader whose mail shows no pictures.
 */
export function emailHtml(
  text: string,
  { link, previewUrl, alt }: { link: string; previewUrl: string; alt: string },
) {
  const paragraphs = text.split(/\n{2,}/)
  const alone = paragraphs.findIndex((paragraph) => paragraph.trim() === link)
  const at = alone >= 0 ? alone : paragraphs.findIndex((paragraph) => paragraph.includes(link))
  const anchor = `<a href="${escapeHtml(link)}" style="${LINK}">${escapeHtml(link)}</a>`
  const picture =
    `<p style="${PARAGRAPH}"><a href="${escapeHtml(link)}" style="display:inline-block;text-decoration:none">` +
    `<img src="${escapeHtml(previewUrl)}" alt="${escapeHtml(alt)}" width="${THUMBNAIL_WIDTH}" height="${THUMBNAIL_HEIGHT}" ` +
    `style="display:block;width:100%;max-width:${THUMBNAIL_WIDTH}px;height:auto;border:1px solid #e2e8f0;border-radius:8px">` +
    '</a></p>'
  const body = paragraphs.map((paragraph, index) => {
    if (index === alone) return `${picture}<p style="${PARAGRAPH}">${anchor}</p>`
    const lines = escapeHtml(paragraph).split(escapeHtml(link)).join(anchor).replace(/\n/g, '<br>')
    return `<p style="${PARAGRAPH}">${lines}</p>${index === at ? picture : ''}`
  })
  return (
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1e293b">' +
    `${body.join('')}</div>`
  )
}

/** The message for a draft wording, or what is wrong with it in words. */
export function tryBuild(build: () => OutreachMessage): OutreachMessage | string {
  try {
    return build()
  } catch (error) {
    if (error instanceof AgentTextError) return error.message
    throw error
  }
}
