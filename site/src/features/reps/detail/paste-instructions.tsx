import type { ReactNode } from 'react'

interface Platform {
  name: string
  steps: ReactNode
}

const PLATFORMS: Platform[] = [
  {
    name: 'Webflow',
    steps: (
      <>
        Open the <b>Add</b> panel, drag a <b>Code Embed</b> element onto the page, paste the snippet, save,
        and publish. Custom code needs a paid site plan.
      </>
    ),
  },
  {
    name: 'Wix',
    steps: (
      <>
        <b>Add Elements</b> → <b>Embed Code</b> → <b>Embed HTML</b>, choose Code, paste the snippet, and click
        Update. Wix runs it in an iframe, which the widget supports; make the box tall enough for the panel.
      </>
    ),
  },
  {
    name: 'Framer',
    steps: (
      <>
        <b>Insert</b> → <b>Embed</b>, set its type to <b>HTML</b>, and paste the snippet. Size the embed so
        the panel fits.
      </>
    ),
  },
  {
    name: 'WordPress',
    steps: (
      <>
        In the block editor, add a <b>Custom HTML</b> block and paste the snippet. Some hosts strip{' '}
        <code>&lt;script&gt;</code> for anyone but administrators: if the panel does not show, ask an
        administrator to paste it.
      </>
    ),
  },
  {
    name: 'Unbounce',
    steps: (
      <>
        Drag a <b>Custom HTML</b> element onto the page and paste the snippet into it. No script placement
        such as "Before Body End Tag" is needed.
      </>
    ),
  },
]

/**
 * Where each page builder takes custom HTML. Native disclosures: each is one Tab stop, Enter or Space
 * opens it, and a screen reader announces it as expanded or collapsed, with no script of ours.
 */
export function PasteInstructions() {
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
        {PLATFORMS.map((platform) => (
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
