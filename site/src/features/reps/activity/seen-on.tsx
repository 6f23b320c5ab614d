import type { TimelineResponse } from '#core/engagement.ts'
import { getHost } from './describe-entry.ts'
import { TimeAgo } from './time-ago.tsx'

/** Only a web page is linked: whatever else a report carried is never made a link a rep could click. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url) && URL.canParse(url)

/** `https://acme.example/blog/post` → `/blog/post`: a page without a title is named by its path. */
const getPath = (url: string) => new URL(url).pathname

/**
 * Where the demo was last seen: each partner page that showed it (its title, linked to it, and its
 * site), and each site whose opens named no page, with when. A rep who pasted the
 * snippet into a builder learns here whether it showed; none yet says so plainly, with the usual
 * reason, since a builder that strips the snippet says nothing to anyone. The sites are what the
 * visitors' browsers reported, which anyone could imitate: the heading says so.
 */
export function SeenOn({ seenOn, now }: { seenOn: TimelineResponse['seenOn']; now: Date }) {
  const ownOrigin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold">Where the demo was seen</h3>
      {seenOn.length === 0 ? (
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Not seen on any page yet. Once a page with the snippet (or the link) is opened, its site shows here;
          if a page you pasted it into never shows, the builder may have removed the snippet.
        </p>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-400">As the pages reported it.</p>
          <ul className="mt-1 space-y-1">
            {seenOn.map(({ origin, lastAt, page }) => (
              <li key={`${origin} ${page?.url ?? ''}`}>
                {page && isWebAddress(page.url) ? (
                  <>
                    <a
                      href={page.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium break-words text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
                    >
                      {page.title || getPath(page.url)}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>{' '}
                    <span className="break-all text-slate-600 dark:text-slate-400">on {getHost(origin)}</span>
                  </>
                ) : (
                  <span className="font-medium break-all">
                    {origin === ownOrigin ? 'Its page on this site' : getHost(origin)}
                  </span>
                )}{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  · last seen <TimeAgo at={lastAt} now={now} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
