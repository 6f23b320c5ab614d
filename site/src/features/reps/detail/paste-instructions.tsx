import { type ReactNode, useEffect, useState } from 'react'
import { createVideoButtonSnippet } from '#core/embed-snippet.ts'
import { Link } from '../../../components/link.tsx'
import { PROFILE_PATH } from '../rep-paths.ts'
import { textLinkClass } from '../ui/field-styles.ts'

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

/** Where the product serves the latest WordPress plugin, the same address from one version to the next. */
export const PLUGIN_ZIP_PATH = '/wordpress/voice-demo.zip'

/**
 * The plugin's version, as the product names it in the download's `X-Plugin-Version` header; null
 * until known, or when the server does not say (a static host) or has no plugin built.
 */
function usePluginVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    fetch(PLUGIN_ZIP_PATH, { method: 'HEAD', signal: controller.signal })
      .then((answer) => setVersion(answer.ok ? answer.headers.get('X-Plugin-Version') : null))
      .catch(() => {})
    return () => controller.abort()
  }, [])
  return version
}

/**
 * WordPress, step by step for a rep who is not a developer: the plugin is the way that works for every
 * role, so it comes first, with its download and the one address its settings need (this site's, not
 * the prospect's link, which would leave every demo empty). Pasting the snippet is only for
 * Administrators and Editors: WordPress strips scripts from the posts of everyone without the
 * "unfiltered HTML" permission, Authors and Contributors included.
 */
function WordPressSteps({ slug }: { slug: string }) {
  const version = usePluginVersion()
  const origin = window.location.origin
  return (
    <>
      <b>With our plugin</b> (works for every role, Authors and Contributors too):
      <ol className="mt-2 list-decimal space-y-1.5 pl-5">
        <li>
          <a href={PLUGIN_ZIP_PATH} download className={textLinkClass}>
            Download the WordPress plugin
          </a>
          {version === null ? '' : ` (version ${version})`}. Send the file as it is, voice-demo.zip, to
          whoever runs the site if that is not you.
        </li>
        <li>
          In WordPress, signed in as an Administrator: <b>Plugins → Add New → Upload Plugin</b>, choose
          voice-demo.zip, click <b>Install Now</b>, then <b>Activate</b>.
        </li>
        <li>
          <b>Settings → Voice demo</b>: paste <code className="break-all">{origin}</code> as the{' '}
          <b>Product URL</b> (this address, not the prospect's link) and save. To pick prospects from a list
          instead of typing their links, also paste a site key made under{' '}
          <Link href={PROFILE_PATH} className={textLinkClass}>
            WordPress sites on your profile
          </Link>
          .
        </li>
        <li>
          In a post or page, add a Voice demo block and type the prospect link <code>{slug}</code> (or pick it
          from the list); in the classic editor, type <code>[voice_demo slug="{slug}"]</code> on a line of its
          own. The block's <b>Show the video call button</b> switch puts that button under the panel.
        </li>
      </ol>
      <p className="mt-3">
        <b>Without the plugin</b>, only an Administrator or Editor can paste the snippet, into a{' '}
        <b>Custom HTML</b> block: WordPress strips scripts from Authors' and Contributors' posts. For them
        WordPress removes the snippet when the post is saved, and again whenever they save it later, even
        after an administrator pasted it. Authors use the plugin's Voice demo block instead.
      </p>
    </>
  )
}

function platforms(slug: string): Platform[] {
  return [
    {
      name: 'WordPress',
      steps: <WordPressSteps slug={slug} />,
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
            <div className="px-4 pb-4 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
              {platform.steps}
            </div>
          </details>
        ))}
      </div>
    </section>
  )
}
