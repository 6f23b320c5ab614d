import { siteConfig } from '../../config.ts'
import { LegalPage } from './legal-page.tsx'
import { LEGAL_PAGES } from './legal-pages.ts'

/** Route `/privacy`: what the site and the demo keep, who else sees what, and how to have it deleted. */
export function PrivacyPage() {
  const product = siteConfig.productName
  return (
    <LegalPage title={LEGAL_PAGES.privacy.title} updated="November 2026">
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
          <strong>Your visit to a demo page.</strong> Once a page with the demo has been open and in view for
          a few seconds, we note that it was opened, for which business, and on which website (its address,
          such as a partner's site that shows the demo). We also note when you start and end a call in your
          browser or a video call, and how long it lasted, when you ask for a call with "Call Me" and whether
          it was placed, and when you book a meeting, with the scheduler's reference to that meeting (we may
          ask the scheduler whether it is booked). This tells our sales team what interested you. With each of
          these notes we keep your internet address as a keyed hash (see below), so that one visitor cannot
          make a business look busier than it is.
        </li>
        <li>
          <strong>A random id per browser tab.</strong> To tell one visit from another, the page keeps a
          random id in this tab's own storage; it is gone when you close the tab, is not a cookie, is never
          shared with another website and says nothing about you. We do not fingerprint your browser or
          device.
        </li>
        <li>
          <strong>Call summaries.</strong> After a voice call, in your browser or by phone, the voice platform
          sends us its summary and transcript of the conversation. We keep them with the business's record,
          for our sales team.
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
          windows; each count is deleted once its window ends (an hour or a day). Your internet address is
          only ever kept as such a keyed hash, never in clear.
        </li>
        <li>
          <strong>How long.</strong> Call and conversation records are deleted 30 days after they were made;
          the notes of your visits (with the keyed hash of your address kept with them), the call summaries
          and the transcripts after 180 days (the operator may set different periods).
        </li>
      </ul>

      <h2>Microphone and camera</h2>
      <p>
        Your browser asks before the demo can use them. The microphone is used only while you are in a voice
        call you started with "Test in Browser"; the camera and microphone only while you are in a video call
        you started. Both stop when the call ends. Every call asks the platforms not to record it: no sound or
        picture is recorded, and no capture is made of a phone call's line. What the voice platform keeps of a
        voice call is what it sends us when the call ends, its summary and its transcript, which we keep as
        described above.
      </p>

      <h2>Who else sees what</h2>
      <p>
        These services work for us to run the demo; each sees only what its part needs. They are the only
        other parties your browser talks to on our pages and in the demo:
      </p>
      <ul>
        <li>
          <strong>The voice platform (Vapi)</strong> runs the voice agent: it hears a browser call, and it
          places the phone call to the number you give for "Call Me". It writes down what was said, and sends
          us each call's summary and transcript; it is asked not to record the sound. When you start a call in
          your browser, your browser asks Vapi (api.vapi.ai) for the call and carries its sound over Daily
          (daily.co), the calling service Vapi uses.
        </li>
        <li>
          <strong>The video platform (Tavus, over Daily)</strong> runs the video call: it sees and hears you
          while the call lasts, in a frame served from tavus.daily.co.
        </li>
        <li>
          <strong>The scheduler (Calendly)</strong> shows the booking calendar, which your browser loads from
          calendly.com on the pages that offer a meeting, and keeps what you enter to book one.
        </li>
      </ul>
      <p>
        Daily's software would report some of its own failures (a call that could not load) to its error
        tracker, with the address of the page; we switch that off, so your browser sends it nothing. We use no
        analytics, advertising or tracking services.
      </p>
      <p>Their own privacy terms apply to what they keep.</p>

      <h2>Asking for deletion</h2>
      <p>
        To have your records deleted before their time is up, reply to the message that brought you here, or
        tell us in your intro meeting, with the phone number you entered: we find its records by the same hash
        and delete them, and with them the notes of your visits, the call summaries and the transcripts kept
        for your business. Booking data lives with the scheduler; we delete it there on request too.
      </p>
    </LegalPage>
  )
}
