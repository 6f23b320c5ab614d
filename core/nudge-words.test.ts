import { describe, expect, it } from 'vitest'
import { type NudgeFacts, nudgeChatText, nudgeMail } from './nudge-words.ts'

// The words below are what the reps read before the server worded the nudges (the database composed
// them then, and these are its answers for the same facts): a nudge reads the same as it did.
const facts = (changes: Partial<NudgeFacts>): NudgeFacts => ({
  kind: 'opened',
  name: 'Bo',
  company: 'Co',
  owner: null,
  seconds: null,
  link: null,
  ...changes,
})
const WHY = '\n\nYou get these because you chose nudges by email on your profile page.'

describe('a nudge in the chat', () => {
  it('names the prospect, what happened, the owner, and links their activity', () => {
    expect(
      nudgeChatText(
        facts({
          name: 'Ana Ruiz',
          company: 'Ruiz Plumbing',
          link: 'https://demo.example.com/_/prospects/ana',
        }),
      ),
    ).toBe(
      'Ana Ruiz (Ruiz Plumbing) opened their demo page (no owner) <https://demo.example.com/_/prospects/ana|See their activity>',
    )
    expect(nudgeChatText(facts({ kind: 'asked', company: 'Ivy & Co', owner: 'ivy@example.com' }))).toBe(
      'Bo (Ivy &amp; Co) asked for a phone call (owner: ivy@example.com)',
    )
    expect(nudgeChatText(facts({ kind: 'booked' }))).toBe('Bo (Co) booked a meeting (no owner)')
  })

  it('says a call’s length as a person says it, and claims none it does not know', () => {
    const talked = (seconds: number | null) =>
      nudgeChatText(facts({ kind: 'talked', seconds, owner: 'bo@example.com' }))
    expect(talked(95)).toBe('Bo (Co) talked to their agent for 1 min 35 s (owner: bo@example.com)')
    expect(talked(3720)).toBe('Bo (Co) talked to their agent for 1 h 2 min (owner: bo@example.com)')
    expect(talked(0)).toBe('Bo (Co) talked to their agent for 0 s (owner: bo@example.com)')
    expect(talked(null)).toBe('Bo (Co) talked to their agent (owner: bo@example.com)')
  })

  it('quotes anyone’s words as text: no ping, no disguised link, only our own link', () => {
    expect(
      nudgeChatText(
        facts({
          kind: 'talked',
          seconds: 95,
          name: '<!channel> & <@U1>',
          company: '<http://evil|x>',
          owner: 'a&b@example.com',
          link: 'https://d.example/_/prospects/a?x=1&y=<2>|3',
        }),
      ),
    ).toBe(
      '&lt;!channel&gt; &amp; &lt;@U1&gt; (&lt;http://evil|x&gt;) talked to their agent for 1 min 35 s ' +
        '(owner: a&amp;b@example.com) <https://d.example/_/prospects/a?x=1&amp;y=&lt;2&gt;%7C3|See their activity>',
    )
  })
})

describe('a nudge by mail', () => {
  it('is plain text with the prospect’s words as they are, the link, and why the rep gets it', () => {
    expect(
      nudgeMail(
        facts({
          kind: 'talked',
          seconds: 95,
          name: '<!channel> & <@U1>',
          company: '<http://evil|x>',
          owner: 'a&b@example.com',
          link: 'https://d.example/_/prospects/a?x=1&y=<2>|3',
        }),
      ),
    ).toEqual({
      subject: '<!channel> & <@U1> (<http://evil|x>) talked to their agent for 1 min 35 s',
      text: `<!channel> & <@U1> (<http://evil|x>) talked to their agent for 1 min 35 s.\n\nSee their activity: https://d.example/_/prospects/a?x=1&y=<2>|3${WHY}`,
    })
    expect(nudgeMail(facts({ kind: 'talked', owner: 'bo@example.com' }))).toEqual({
      subject: 'Bo (Co) talked to their agent',
      text: `Bo (Co) talked to their agent.${WHY}`,
    })
  })

  it('cuts a long subject at 300 characters, between letters, and keeps the whole news in the text', () => {
    const name = 'Ünïcødé 😀 '.repeat(40)
    const mail = nudgeMail(facts({ kind: 'booked', name, company: 'Long Co', link: 'https://x.example/q' }))
    expect(Array.from(mail.subject)).toHaveLength(300)
    expect(mail.subject).toBe(Array.from(`${name} (Long Co) booked a meeting`).slice(0, 300).join(''))
    expect(mail.subject.endsWith('\ud83d')).toBe(false)
    expect(mail.text).toBe(
      `${name} (Long Co) booked a meeting.\n\nSee their activity: https://x.example/q${WHY}`,
    )
  })
})
