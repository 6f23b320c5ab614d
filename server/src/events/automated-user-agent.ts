/**
 * User-Agents of software that opens pages without a person behind it: search and AI crawlers, the
 * link-preview fetchers of chat apps and social networks, mail-security scanners that open every link
 * in a message before it is delivered, and headless browsers (preview and screenshot services, audit
 * tools). Some of them run a page's script, so their reports would read as a prospect's visit and
 * send a rep a false nudge. Those that pass for a browser are kept out by the page instead: a page
 * counts as opened only after it has been visible for a while.
 *
 * `bot` is matched as a word's end (Googlebot, bingbot, Slackbot-LinkExpanding, GPTBot), but not in
 * the name of CUBOT phones, whose browsers are people.
 */
const AUTOMATED = new RegExp(
  [
    '(?<!cu)bot\\b',
    'crawl',
    'spider',
    'slurp',
    'archiver',
    // Link previews and embeds.
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    'whatsapp',
    'skypeuripreview',
    'preview',
    'embedly',
    'iframely',
    'vkshare',
    'outbrain',
    'pinterest',
    'nuzzel',
    'bitlybot',
    'google-inspectiontool',
    'google-read-aloud',
    'feedfetcher',
    'mediapartners-google',
    // Mail-security scanners and URL reputation services.
    'barracuda',
    'proofpoint',
    'mimecast',
    'ironport',
    'forcepoint',
    'fortiguard',
    'sophos',
    'trendmicro',
    'symantec',
    'safelinks',
    'safebrowsing',
    'urlscan',
    'virustotal',
    'scanner',
    'office existence discovery',
    // Headless browsers, screenshot and audit tools.
    'headlesschrome',
    'headless',
    'phantomjs',
    'puppeteer',
    'playwright',
    'selenium',
    'lighthouse',
    'pagespeed',
    'gtmetrix',
    'pingdom',
    'uptimerobot',
    'prerender',
    'screenshot',
  ].join('|'),
  'i',
)

/** True for a User-Agent known to belong to a crawler, link scanner, preview fetcher or headless browser. */
export const isAutomatedUserAgent = (userAgent: string | undefined): boolean =>
  userAgent !== undefined && AUTOMATED.test(userAgent)
