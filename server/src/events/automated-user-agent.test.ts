import { describe, expect, it } from 'vitest'
import { isAutomatedUserAgent } from './automated-user-agent.ts'

describe('isAutomatedUserAgent', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'TelegramBot (like TwitterBot)',
    'WhatsApp/2.23.20.0',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
    'Proofpoint URL Defense',
    'Mimecast-URL-Protect',
    'Microsoft Office Existence Discovery',
    // HTTP libraries, command-line clients and scripts.
    'curl/8.5.0',
    'Wget/1.21.4',
    'python-requests/2.32.3',
    'Python-urllib/3.12',
    'Python/3.12 aiohttp/3.10.5',
    'python-httpx/0.27.2',
    'Go-http-client/1.1',
    'Go-http-client/2.0',
    'okhttp/4.12.0',
    'Apache-HttpClient/4.5.14 (Java/17.0.12)',
    'Java/17.0.12',
    'Java-http-client/21.0.4',
    'node-fetch/1.0',
    'axios/1.7.7',
    'undici',
    'node',
    'PostmanRuntime/7.42.0',
    'libwww-perl/6.77',
    'GuzzleHttp/7',
    'Scrapy/2.11.2',
    'HTTPie/3.2.3',
    'Mozilla/5.0 (Windows NT 10.0; Microsoft Windows 10.0.22631; en-US) PowerShell/7.4.6',
    'Mozilla/5.0 (Windows NT; Windows NT 10.0; en-US) WindowsPowerShell/5.1.22621.4391',
    'Deno/2.0.0',
    'Bun/1.1.30',
    'Ruby',
    'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP2A.240805.005)',
    'Mozilla/5.0',
    'Mozilla/5.0 (compatible; axios/1.7.7)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) python-requests/2.32.3',
    '',
  ])('knows %j', (userAgent) => {
    expect(isAutomatedUserAgent(userAgent)).toBe(true)
  })

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Mozilla/5.0 (Linux; Android 10; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    // Chrome on a Mac, Android and iOS; Safari on an iPad; Firefox on Windows, Android and iOS.
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    // Edge on Android, Opera, Opera Mini.
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    // In-app browsers: Facebook (iOS, Android), Instagram, LinkedIn, TikTok, WeChat, the Google app.
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/485.0.0.40.107;FBBV/650000000;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/485.0.0.54.109;]',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 350.0.0.25.88 (iPhone15,2; iOS 17_6; en_US; en; scale=3.00; 1179x2556; 640000000)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1234',
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 trill_330803 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/33.8.3 ByteLocale/en Region/US AppId/1233 BytedanceWebview/d8a21c6',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003237) NetType/WIFI Language/zh_CN',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/340.0.686381937 Mobile/15E148 Safari/604.1',
  ])('takes %s for a person', (userAgent) => {
    expect(isAutomatedUserAgent(userAgent)).toBe(false)
  })

  it('takes a request with no User-Agent for a program: every browser sends one', () => {
    expect(isAutomatedUserAgent(undefined)).toBe(true)
  })
})

describe('against the public list of crawlers', () => {
  it('knows every crawler of crawler-user-agents but the in-app browsers and desktop apps people use', async () => {
    const { default: crawlers } = await import('crawler-user-agents')
    const missed = crawlers
      .flatMap((crawler) => crawler.instances)
      .filter((userAgent) => !isAutomatedUserAgent(userAgent))
    // What the list counts as a crawler and a person's browser also sends: Instagram's and Facebook's
    // in-app browsers, and desktop apps built on Electron or Fluid. Counting them as people is right.
    expect(missed.length).toBeLessThanOrEqual(5)
    for (const userAgent of missed) {
      expect(userAgent).toMatch(/Instagram|Facebook|Electron|Fluid/)
    }
  })
})
