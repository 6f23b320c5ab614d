import { siteConfig } from '../../config.ts'
import { LegalPage } from './legal-page.tsx'

/** Route `/privacy`: what the site and the demo keep, who else sees what, and how to have it deleted. */
export function PrivacyPage() {
  const product = siteConfig.productName
  return (
    <LegalPage title="Privacy" updated="November 2026">
      <p>
        {product} shows you a demo of an AI voice agent. This page says, in plain words, what we keep when you
        use it, for how long, and who else sees it.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>No account, no cookies.</strong> Reading our pages sets no cookie and needs no sign-in. Your
          choice of light or dark theme stays in your own browser.
        </li>
        <li>
          <strong>"Call Me".</strong> We keep a record that a call was asked for: the country, the outcome,
          and your phone number and internet address as keyed hashes (a fingerprint we can match but not read
          back). We never store the number or the address in clear.
        </li>
        <li>
          <strong>Video calls.</strong> We keep a record that a conversation was started and how it ended,
          with your internet address as a keyed hash.
        </li>
        <li>
          <strong>Limits.</strong> To stop abuse we count requests per hashed address and number in short
          windows; each count is deleted once its window ends (an hour or a day).
        </li>
        <li>
          <strong>How long.</strong> Call and conversation records are deleted 30 days after they were made
          (the operator may set a different period).
        </li>
      </ul>

      <h2>Microphone and camera</h2>
      <p>
        Your browser asks before the demo can use them. The microphone is used only while you are in a voice
        call you started with "Test in Browser"; the camera and microphone only while you are in a video call
        you started. Both stop when the call ends. We do not record them.
      </p>

      <h2>Who else sees what</h2>
      <p>These services work for us to run the demo; each sees only what its part needs:</p>
      <ul>
        <li>
          <strong>The voice platform (Vapi)</strong> runs the voice agent: it hears a browser call, and it
          places the phone call to the number you give for "Call Me".
        </li>
        <li>
          <strong>The video platform (Tavus, over Daily)</strong> runs the video call: it sees and hears you
          while the call lasts.
        </li>
        <li>
          <strong>The scheduler (Calendly)</strong> shows the booking calendar and keeps what you enter to
          book a meeting.
        </li>
      </ul>
      <p>Their own privacy terms apply to what they keep.</p>

      <h2>Asking for deletion</h2>
      <p>
        To have your records deleted before the 30 days are over, reply to the message that brought you here,
        or tell us in your intro meeting, with the phone number you entered: we find its records by the same
        hash and delete them. Booking data lives with the scheduler; we delete it there on request too.
      </p>
    </LegalPage>
  )
}
