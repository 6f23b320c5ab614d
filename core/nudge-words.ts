import { spokenDuration } from './spoken-duration.ts'

/** What a nudge tells the reps happened. */
export type NudgeKind = 'opened' | 'asked' | 'talked' | 'booked'

/** What the database keeps of a nudge when it queues it (`enqueue_nudge`): facts, no words. */
export interface NudgeFacts {
  kind: NudgeKind
  /** The prospect's name and company, as a rep or a file wrote them. */
  name: string
  company: string
  /** The owner's email; null: nobody owns the prospect. */
  owner: string | null
  /** A `talked` call's length in seconds; null: not known (no length is claimed). */
  seconds: number | null
  /** The prospect's activity on the reps' pages; null: the server's address is not known. */
  link: string | null
}

function whatHappened(facts: NudgeFacts): string {
  switch (facts.kind) {
    case 'opened':
      return 'opened their demo page'
    case 'asked':
      return 'asked for a phone call'
    case 'talked':
      return `talked to their agent${facts.seconds === null ? '' : ` for ${spokenDuration(facts.seconds)}`}`
    case 'booked':
      return 'booked a meeting'
  }
}

/**
 * A value as plain text in a Slack message. Slack (and the webhooks that read its format) takes
 * `<!channel>`, `<@U…>` and `<url|label>` as a ping or a link and asks for `&`, `<` and `>` as entities;
 * a prospect's name or company is anyone's words, so every value a nudge quotes is escaped (`&` first,
 * so the entities written after it are not escaped again).
 */
export function slackEscape(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/**
 * Our own link, `<url|label>`, the one piece of markup a nudge means: its address and label escaped, and
 * a `|` in the address (which would end it early) percent-encoded, which any browser reads as the same.
 */
export function slackLink(url: string, label: string): string {
  return `<${slackEscape(url.replaceAll('|', '%7C'))}|${slackEscape(label)}>`
}

/**
 * The chat's line: "Ana Ruiz (Ruiz Plumbing) talked to their agent for 1 min 35 s (owner: ann@example.com)
 * <link|See their activity>". The owner follows the news, so the right rep acts and the others need not ask.
 */
export function nudgeChatText(facts: NudgeFacts): string {
  const owner = facts.owner === null ? 'no owner' : `owner: ${slackEscape(facts.owner)}`
  const link = facts.link === null ? '' : ` ${slackLink(facts.link, 'See their activity')}`
  return `${slackEscape(facts.name)} (${slackEscape(facts.company)}) ${whatHappened(facts)} (${owner})${link}`
}

/** Characters, not UTF-16 units: a subject is cut between letters, never inside one. */
const MAX_SUBJECT_CHARACTERS = 300

/**
 * The owner's mail, for a rep who chose nudges by email: plain text, the prospect's words as they are
 * (a mail is no chat: nothing to escape), and why they get it.
 */
export function nudgeMail(facts: NudgeFacts): { subject: string; text: string } {
  const news = `${facts.name} (${facts.company}) ${whatHappened(facts)}`
  const link = facts.link === null ? '' : `\n\nSee their activity: ${facts.link}`
  return {
    subject: Array.from(news).slice(0, MAX_SUBJECT_CHARACTERS).join(''),
    text: `${news}.${link}\n\nYou get these because you chose nudges by email on your profile page.`,
  }
}
