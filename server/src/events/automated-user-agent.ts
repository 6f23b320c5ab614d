import { isbot } from 'isbot'

/**
 * How every browser a person uses names itself first: `Mozilla/5.0 (` and its platform (Chrome,
 * Safari, Firefox, Edge, Samsung Internet, and the in-app browsers of Facebook, Instagram, TikTok or
 * WeChat), or Opera Mini's older `Opera/9.80 (`. A User-Agent that starts any other way, is empty or
 * is missing belongs to a program (curl, a Python, Go, Java or Node client, a script), not a person.
 */
const BROWSER_START = /^(?:Mozilla\/5\.0|Opera\/\d+\.\d+) \(/

/**
 * Programs that start as a browser would and that the maintained list (isbot) lets through: mail
 * scanners that open every link of a message before it is delivered, HTTP libraries and shells
 * behind a browser-like prefix, and audit tools. Each was seen opening our links; the suite's
 * fixtures hold one of each.
 */
const ALSO_AUTOMATED = new RegExp(
  [
    'barracuda',
    'proofpoint',
    'mimecast',
    'ironport',
    'safelinks',
    'powershell', // PowerShell/7 and WindowsPowerShell/5.1 start as a Windows browser would
    'python-requests',
    'python-urllib',
    'python-httpx',
    'aiohttp',
    'axios/',
    'node-fetch',
    'go-http-client',
    'okhttp',
    'gtmetrix',
    'miniature\\.io', // a screenshot service
    '\\bYLT\\b', // Yellow Lab Tools, a page audit
    'turingos',
  ].join('|'),
  'i',
)

/**
 * True for a User-Agent that is not a person's browser: none at all, a program's, or one known to
 * belong to a crawler, link scanner, preview fetcher or headless browser. Software that opens pages
 * without a person behind it (search and AI crawlers, chat apps' link previews, mail scanners,
 * screenshot services) would otherwise read as a prospect's visit and send a rep a false nudge. The
 * list of known ones is isbot's, kept by its maintainers against the public crawler lists; ours only
 * adds the browser-start rule and the few above. Those that pass for a browser entirely are kept out
 * by the page instead: a page counts as opened only after it has been visible for a while.
 */
export const isAutomatedUserAgent = (userAgent: string | undefined): boolean =>
  userAgent === undefined ||
  !BROWSER_START.test(userAgent) ||
  isbot(userAgent) ||
  ALSO_AUTOMATED.test(userAgent)
