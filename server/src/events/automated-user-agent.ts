/**
 * User-Agents of software that opens pages without a person behind it: search and AI crawlers, the
 * link-preview fetchers of chat apps and social networks, mail-security scanners that open every link
 * in a message before it is delivered, headless browsers (preview and screenshot services, audit
 * tools), and HTTP libraries and command-line clients. Some of them run a page's script, so their
 * reports would read as a prospect's visit and send a rep a false nudge. Those that pass for a
 * browser are kept out by the page instead: a page counts as opened only after it has been visible
 * for a while.
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
    'googleimageproxy', // Gmail fetches a message's pictures through it, the preview picture too
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
    // HTTP libraries and command-line clients, also where a User-Agent starts as a browser's would.
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'python-httpx',
    'aiohttp',
    'httpx/',
    'go-http-client',
    'okhttp',
    'apache-httpclient',
    'java-http-client',
    '\\bjava/',
    'node-fetch',
    'axios/',
    'undici',
    'postmanruntime',
    'libwww-perl',
    'guzzlehttp',
    'scrapy',
    'httpie/',
    'powershell', // PowerShell/7 and WindowsPowerShell/5.1 start as a Windows browser would
  ].join('|'),
  'i',
)

/**
 * How every browser a person uses names itself first: `Mozilla/5.0 (` and its platform (Chrome,
 * Safari, Firefox, Edge, Samsung Internet, and the in-app browsers of Facebook, Instagram, TikTok or
 * WeChat), or Opera Mini's older `Opera/9.80 (`. A User-Agent that starts any other way, is empty or
 * is missing belongs to a program (curl, a Python, Go, Java or Node client, a script), not a person.
 */
const BROWSER_START = /^(?:Mozilla\/5\.0|Opera\/\d+\.\d+) \(/

/**
 * True for a User-Agent that is not a person's browser: none at all, a program's, or one known to
 * belong to a crawler, link scanner, preview fetcher or headless browser.
 */
export const isAutomatedUserAgent = (userAgent: string | undefined): boolean =>
  userAgent === undefined || !BROWSER_START.test(userAgent) || AUTOMATED.test(userAgent)
