import type { ReactNode } from 'react'
import { createVideoButtonSnippet } from '#core/embed-snippet.ts'

interface Platform {
  name: string
  steps: ReactNode
}

/** Where the video button goes on a builder's page: under the panel, in the page's flow. */
const videoInFlow = (slug: string) => (
  <>
    The video call button is optional: to have it, paste{' '}
    <code className="break-all">{createVideoButtonSnippet({ slug })}</code> right under the snippet, so it
    sits under the panel and covers nothing.
  </>
)

function platforms(slug: string): Platform[] {
  return [
    {
      name: 'WordPress',
      steps: (
        <>
          <b>With our plugin</b> (installed once by your site's administrator: Plugins → Add New → Upload,
          then the product's address under Settings → Voice demo): add a <b>Voice demo</b> block and type the
          prospect link <code>{slug}</code>; in the classic editor, type{' '}
          <code>[voice_demo slug="{slug}"]</code>. It works for every role, Authors and Contributors too, and
          its <b>Show the video call button</b> switch puts that button under the panel.
          <br />
          <b>Without the plugin</b>, only an Administrator or Editor can paste the snippet into a{' '}
          <b>Custom HTML</b> block. For Authors and Contributors WordPress removes the snippet when the post
          is saved, and removes it again whenever they save the post later, even after an administrator pasted
          it. The way around it: an Administrator or Editor saves the snippet as a reusable block, which the
          Author then inserts.
        </>
      ),
    },
    {
      name: 'Webflow',
      steps: (
        <>
          Open the <b>Add</b> panel, drag a <b>Code Embed</b> element onto the page, paste the snippet, save,
          and publish. Custom code needs a paid site plan. {videoInFlow(slug)}
        </>
      ),
    },
    {
      name: 'Wix',
      steps: (
        <>
          <b>Add Elements</b> → <b>Embed Code</b> → <b>Embed HTML</b>, choose Code, paste the snippet, and
          click Update. Wix runs it in a box of its own (an iframe), which the widget supports: make the box
          at least 360 px tall. Leave the video call button out here: in that box it would float over the
          panel.
        </>
      ),
    },
    {
      name: 'Framer',
      steps: (
        <>
          <b>Insert</b> → <b>Embed</b>, set its type to <b>HTML</b>, and paste the snippet. Size the embed so
          the panel fits (360 px tall). Leave the video call button out: inside the embed it would cover the
          panel.
        </>
      ),
    },
    {
      name: 'Unbounce',
      steps: (
        <>
          Drag a <b>Custom HTML</b> element onto the page and paste the snippet into it. No script placement
          such as "Before Body End Tag" is needed. {videoInFlow(slug)}
        </>
      ),
    },
  ]
}

/**
 * Where each page builder takes the demo, and what each needs (a plan, a role, a plugin), for the
 * prospect `slug`. Native disclosures: each is one Tab stop, Enter or Space opens it, and a screen
 * reader announces it as expanded or collapsed, with no script of ours.
 */
export function PasteInstructions({ slug }: { slug: string }) {
  return (
    <section
      aria-labelledby="paste-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="paste-heading" className="text-lg font-bold tracking-tight">
        Where to paste it
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Paste the snippet once per page, where the demo should appear.
      </p>
      <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {platforms(slug).map((platform) => (
          <details key={platform.name} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400 [&::-webkit-details-marker]:hidden">
              {platform.name}
              <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
                ›
              </span>
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
              {platform.steps}
            </p>
          </details>
        ))}
      </div>
    </section>
  )
}
