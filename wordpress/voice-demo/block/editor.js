/**
 * The "Voice demo" block in the editor: plain JS on WordPress's globals (no build step).
 *
 * The prospect is picked from a search of the product's prospects (through the plugin's own REST
 * route, which holds the embed key on the server) or typed by hand; a link that cannot be one is
 * named in the block and in the pre-publish panel, and so is one the product does not know.
 *
 * The preview is the real panel in a sandboxed frame of its own: the product's script never runs in
 * wp-admin's document, where the user's REST nonce is, and the frame's policy lets the panel read
 * the prospect and nothing else, so a preview reports no visit and starts no call (the `preview`
 * attribute says the same to the panel). The frame has the panel's height, so the block is as tall
 * in the post editor, in the Site Editor's canvas and on the page.
 */
;(() => {
  const { registerBlockType, createBlock } = wp.blocks
  const { createElement: h, Fragment, useEffect, useState } = wp.element
  const { InspectorControls, useBlockProps } = wp.blockEditor
  const { Button, PanelBody, Placeholder, SelectControl, TextControl, ToggleControl, Notice, Spinner } =
    wp.components
  const { useSelect } = wp.data
  const { registerPlugin } = wp.plugins
  const apiFetch = wp.apiFetch
  const { __, sprintf } = wp.i18n
  const settings = window.voiceDemoEditor || {
    productUrl: '',
    settingsUrl: '',
    canManageOptions: false,
    hasKey: false,
  }
  const BLOCK = 'callpilot/voice-demo'
  /** How long typing must pause before the product is asked: one lookup per pause, not per key. */
  const DEBOUNCE_MS = 350

  // The product's rule for a prospect link, and what is repaired of one written by hand (as
  // voice_demo_normalize_slug does on the server).
  const SLUG = /^[a-z0-9-]{1,64}$/
  const RESERVED =
    'privacy,terms,new,import,api,assets,avatars,embed-demo,widget-chunks,wordpress,healthz,readyz,metrics'.split(
      ',',
    )
  const AROUND =
    /^[\s"'`\u201C\u201D\u2018\u2019\u201E\u00AB\u00BB\u2039\u203A]+|[\s"'`\u201C\u201D\u2018\u2019\u201E\u00AB\u00BB\u2039\u203A]+$/g

  /** `{ slug, changed }`: the prospect link `input` stands for, or slug null when it cannot be one. */
  function normalizeSlug(input) {
    let text = String(input).replace(AROUND, '')
    if (/^https?:\/\//i.test(text)) {
      try {
        const segments = new URL(text).pathname.split('/').filter(Boolean)
        text = segments.length ? decodeURIComponent(segments[segments.length - 1]) : ''
      } catch {
        text = ''
      }
    }
    const slug = text.toLowerCase().replaceAll('_', '-')
    const valid = SLUG.test(slug) && !RESERVED.includes(slug)
    return { slug: valid ? slug : null, changed: valid && slug !== input }
  }

  const invalidText = (input) =>
    sprintf(
      /* translators: %s: what was written as the prospect link */
      __(
        '“%s” is not a prospect link, so visitors will see nothing here. Use the end of the prospect’s demo link: 1 to 64 lowercase letters, digits or dashes.',
        'voice-demo',
      ),
      input,
    )
  const unknownText = (slug) =>
    sprintf(
      /* translators: %s: the prospect link */
      __(
        'The product does not know the prospect link “%s”, so visitors will see its general demo here. Check the link.',
        'voice-demo',
      ),
      slug,
    )

  /** The product's answer for each prospect link asked, shared by the blocks and the pre-publish panel. */
  const lookups = new Map()
  function lookup(slug) {
    if (!lookups.has(slug)) {
      lookups.set(
        slug,
        apiFetch({ path: `/voice-demo/v1/prospects/${slug}` }).catch(() => {
          lookups.delete(slug)
          return null
        }),
      )
    }
    return lookups.get(slug)
  }

  /** `value` once it has stayed the same for DEBOUNCE_MS. */
  function useDebounced(value) {
    const [settled, setSettled] = useState(value)
    useEffect(() => {
      const timer = setTimeout(() => setSettled(value), DEBOUNCE_MS)
      return () => clearTimeout(timer)
    }, [value])
    return settled
  }

  /** What the product says of `slug` (`{ known, companyName }`), once typing has paused; null before. */
  function useProspect(slug) {
    const settled = useDebounced(slug)
    const [found, setFound] = useState(null)
    useEffect(() => {
      let current = true
      setFound(null)
      if (settled && SLUG.test(settled)) lookup(settled).then((answer) => current && setFound(answer))
      return () => {
        current = false
      }
    }, [settled])
    return settled === slug ? found : null
  }

  /** The problem of the block's link in words, or '' (unknown only once the product has answered). */
  function problemOf(slug, found) {
    if (slug === '') return ''
    if (normalizeSlug(slug).slug === null) return invalidText(slug)
    if (found && !found.known) return unknownText(slug)
    return ''
  }

  /** A search of the product's prospects (with the site's embed key, on the server), debounced. */
  function ProspectSearch({ onPick }) {
    const [query, setQuery] = useState('')
    const settled = useDebounced(query.trim())
    const [state, setState] = useState({ query: '', prospects: [], error: '' })
    useEffect(() => {
      if (settled === '') return setState({ query: '', prospects: [], error: '' })
      let current = true
      apiFetch({ path: `/voice-demo/v1/prospects?q=${encodeURIComponent(settled)}` })
        .then((answer) => current && setState({ query: settled, prospects: answer.prospects, error: '' }))
        .catch(
          (error) =>
            current &&
            setState({
              query: settled,
              prospects: [],
              error: error.message || __('The search did not answer.', 'voice-demo'),
            }),
        )
      return () => {
        current = false
      }
    }, [settled])
    const searching = query.trim() !== '' && state.query !== query.trim()
    return h(
      'div',
      { className: 'voice-demo-search' },
      h(TextControl, {
        label: __('Find a prospect', 'voice-demo'),
        help: __('Search by name or company.', 'voice-demo'),
        value: query,
        onChange: setQuery,
      }),
      searching ? h(Spinner) : null,
      state.error ? h(Notice, { status: 'error', isDismissible: false }, state.error) : null,
      !searching && state.query && !state.error && state.prospects.length === 0
        ? h('p', null, __('No prospect found.', 'voice-demo'))
        : null,
      state.prospects.length
        ? h(
            'ul',
            { 'aria-label': __('Prospects found', 'voice-demo'), style: { margin: '0 0 16px' } },
            state.prospects.map((prospect) =>
              h(
                'li',
                { key: prospect.slug, style: { margin: 0 } },
                h(
                  Button,
                  {
                    variant: 'tertiary',
                    onClick: () => {
                      onPick(prospect.slug)
                      setQuery('')
                    },
                  },
                  sprintf(
                    /* translators: 1: the company's name, 2: the contact's name, 3: the prospect link */
                    __('%1$s (%2$s): %3$s', 'voice-demo'),
                    prospect.companyName,
                    prospect.name,
                    prospect.slug,
                  ),
                ),
              ),
            ),
          )
        : null,
    )
  }

  /** The prospect link typed by hand: what is repaired is said, what cannot be is named. */
  function SlugField({ slug, setSlug }) {
    const [typed, setTyped] = useState(slug)
    useEffect(() => {
      if (normalizeSlug(typed).slug !== slug && typed !== slug) setTyped(slug)
    }, [slug])
    const { slug: normalized, changed } = normalizeSlug(typed)
    return h(
      Fragment,
      null,
      h(TextControl, {
        label: __('Prospect link', 'voice-demo'),
        help: __("The prospect's demo link, or its end, e.g. bright-smile-dental.", 'voice-demo'),
        value: typed,
        onChange: (value) => {
          setTyped(value)
          setSlug(normalizeSlug(value).slug ?? value.trim())
        },
      }),
      changed && typed.trim() !== ''
        ? h(
            'p',
            { className: 'voice-demo-repaired' },
            sprintf(
              /* translators: %s: the prospect link */
              __('Saved as “%s”: a prospect link has no capitals, quotes or underscores.', 'voice-demo'),
              normalized,
            ),
          )
        : null,
    )
  }

  function PickProspect({ slug, setSlug }) {
    return h(
      Fragment,
      null,
      settings.hasKey ? h(ProspectSearch, { onPick: setSlug }) : null,
      h(SlugField, { slug, setSlug }),
    )
  }

  function noProductUrl() {
    const text = __('Voice demo: set the product URL in Settings → Voice demo.', 'voice-demo')
    if (!settings.canManageOptions)
      return h('p', null, `${text} ${__('Ask a site admin to do it.', 'voice-demo')}`)
    return h('p', null, h('a', { href: settings.settingsUrl }, text))
  }

  const attribute = (value) =>
    String(value)
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')

  /**
   * The frame's document: the panel with `preview`, its script, and a policy allowing the product's
   * scripts and styles and, of its API, only the prospect's and the public settings' reads.
   */
  function previewDocument(slug, theme) {
    const product = settings.productUrl
    const policy = [
      "default-src 'none'",
      `script-src ${product}/`,
      `style-src 'unsafe-inline' ${product}/`,
      `img-src ${product}/ data: https:`,
      `font-src ${product}/ data:`,
      `connect-src ${product}/api/prospects/ ${product}/api/config`,
    ].join('; ')
    return (
      '<!doctype html><html><head><meta charset="utf-8">' +
      `<meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">` +
      // The panel takes the height the page keeps for it (`--voice-demo-fit`, the product's PANEL_SPACE_CSS).
      '<style>html,body{margin:0;background:transparent}voice-demo{--voice-demo-fit:3}</style>' +
      `<script type="module" src="${attribute(`${product}/widget.mjs`)}"></script></head><body>` +
      `<voice-demo slug="${attribute(slug)}" theme="${attribute(theme)}" preview></voice-demo>` +
      '</body></html>'
    )
  }

  function Preview({ slug, theme }) {
    // The panel's own height rule (its page CSS): 296 px while narrower than 432 px, 276 px while
    // narrower than 528 px, 220 px from there.
    return h(
      'div',
      { className: 'voice-demo-preview', style: { position: 'relative' } },
      h('div', {
        style: {
          paddingTop:
            'calc(clamp(220px, (528px - 100%) * 999, 276px) + clamp(0px, (432px - 100%) * 999, 20px))',
        },
      }),
      h('iframe', {
        title: sprintf(
          /* translators: %s: the prospect link */ __('Voice demo preview: %s', 'voice-demo'),
          slug,
        ),
        sandbox: 'allow-scripts',
        srcDoc: previewDocument(slug, theme),
        style: { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 },
      }),
      // Over the frame: a click selects the block (a click in a frame would not reach the editor), and
      // nothing of the panel is pressed in the editor.
      h('div', { className: 'voice-demo-preview-cover', style: { position: 'absolute', inset: 0 } }),
    )
  }

  /** What the inserter shows: a drawing of the panel, with no request to the product. */
  function Example() {
    const button = (label, filled) =>
      h(
        'span',
        {
          style: {
            padding: '10px 18px',
            borderRadius: 8,
            fontWeight: 600,
            background: filled ? '#2563eb' : 'transparent',
            color: filled ? '#fff' : '#2563eb',
            border: '2px solid #2563eb',
          },
        },
        label,
      )
    return h(
      'div',
      {
        style: {
          padding: 32,
          borderRadius: 16,
          background: '#f8fafc',
          border: '1px solid #e2e8f0',
          fontFamily: 'system-ui, sans-serif',
          textAlign: 'center',
        },
      },
      h(
        'div',
        { style: { fontSize: 28, fontWeight: 700, marginBottom: 8 } },
        __('Built for your prospect', 'voice-demo'),
      ),
      h(
        'div',
        { style: { color: '#475569', marginBottom: 24 } },
        __('Their AI receptionist, live.', 'voice-demo'),
      ),
      h(
        'div',
        { style: { display: 'flex', gap: 12, justifyContent: 'center' } },
        button(__('Test in Browser', 'voice-demo'), true),
        button(__('Call Me', 'voice-demo'), false),
      ),
    )
  }

  const icon = h(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 24', width: 24, height: 24, 'aria-hidden': true },
    h('path', {
      d: 'M4 5a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3h-6l-4.5 4v-4H7a3 3 0 0 1-3-3V5Zm5 3v4h1.5V8H9Zm2.25-2v8h1.5V6h-1.5Zm2.25 3v2H15V9h-1.5Z',
    }),
  )

  function Edit({ attributes, setAttributes }) {
    const slug = attributes.slug
    const found = useProspect(slug)
    const setSlug = (value) => setAttributes({ slug: value })
    const blockProps = useBlockProps()
    // Only the inserter's example sets isExample: a drawing, with no request to the product.
    if (attributes.isExample) return h('div', blockProps, h(Example))
    const problem = problemOf(slug, found)
    const valid = normalizeSlug(slug).slug !== null
    const controls = h(
      InspectorControls,
      null,
      h(
        PanelBody,
        { title: __('Voice demo', 'voice-demo') },
        h(PickProspect, { slug, setSlug }),
        h(SelectControl, {
          label: __('Theme', 'voice-demo'),
          value: attributes.theme,
          options: [
            { label: __('Follow the page', 'voice-demo'), value: 'auto' },
            { label: __('Light', 'voice-demo'), value: 'light' },
            { label: __('Dark', 'voice-demo'), value: 'dark' },
          ],
          onChange: (theme) => setAttributes({ theme }),
        }),
        h(ToggleControl, {
          label: __('Show the video call button', 'voice-demo'),
          checked: attributes.showVideoButton,
          onChange: (showVideoButton) => setAttributes({ showVideoButton }),
        }),
      ),
    )
    const warning = problem
      ? h(Notice, { status: 'warning', isDismissible: false, className: 'voice-demo-warning' }, problem)
      : null
    let body
    if (!settings.productUrl)
      body = h(Placeholder, { icon, label: __('Voice demo', 'voice-demo') }, noProductUrl())
    else if (!valid) {
      body = h(
        Placeholder,
        {
          icon,
          label: __('Voice demo', 'voice-demo'),
          instructions: __('Pick the prospect whose demo this is.', 'voice-demo'),
        },
        h('div', { style: { width: '100%' } }, warning, h(PickProspect, { slug, setSlug })),
      )
    } else {
      body = h(
        Fragment,
        null,
        warning,
        h(Preview, { slug, theme: attributes.theme }),
        attributes.showVideoButton
          ? h(
              'p',
              { className: 'voice-demo-editor-note' },
              __('The video call button shows under the panel on the published page.', 'voice-demo'),
            )
          : null,
      )
    }
    return h(Fragment, null, controls, h('div', blockProps, body))
  }

  const VIDEO_ON = ['yes', 'true', '1', 'on']
  /** A block for the prospect link `input`, or undefined when it cannot be one. */
  const blockFor = (input, rest = {}) => {
    const { slug } = normalizeSlug(input)
    return slug ? createBlock(BLOCK, { slug, ...rest }) : undefined
  }
  /** The prospect link in a pasted demo link of this product, or null. */
  const linkOfProduct = (text) => {
    const trimmed = text.trim()
    if (!settings.productUrl || !trimmed.startsWith(`${settings.productUrl}/`)) return null
    const rest = trimmed
      .slice(settings.productUrl.length + 1)
      .replace(/[?#].*$/, '')
      .replace(/\/$/, '')
    return SLUG.test(rest) ? rest : null
  }
  /** The slug of the product's pasted HTML snippet, as an element or as text. */
  const snippetSlug = (node) => {
    const element = node.nodeName === 'VOICE-DEMO' ? node : node.querySelector?.('voice-demo')
    if (element?.getAttribute('slug')) return element.getAttribute('slug')
    const match = /<voice-demo\b[^>]*\bslug="([^"]+)"/.exec(node.textContent || '')
    return match ? match[1] : null
  }

  registerBlockType(BLOCK, {
    icon,
    edit: Edit,
    // Dynamic: the post stores the block's comment and settings only, rendered on the server, so the
    // post shows nothing of it once the plugin is gone.
    save: () => null,
    transforms: {
      from: [
        {
          type: 'shortcode',
          tag: 'voice_demo',
          attributes: {
            slug: {
              type: 'string',
              shortcode: ({ named: { slug = '' } }) => normalizeSlug(slug).slug ?? slug,
            },
            theme: {
              type: 'string',
              shortcode: ({ named: { theme = 'auto' } }) =>
                ['light', 'dark'].includes(theme.toLowerCase()) ? theme.toLowerCase() : 'auto',
            },
            showVideoButton: {
              type: 'boolean',
              shortcode: ({ named: { video = '' } }) => VIDEO_ON.includes(video.toLowerCase()),
            },
          },
        },
        {
          // A demo link of this product pasted on a line of its own.
          type: 'raw',
          priority: 5,
          isMatch: (node) => node.nodeName === 'P' && linkOfProduct(node.textContent || '') !== null,
          transform: (node) => blockFor(linkOfProduct(node.textContent || '')),
        },
        {
          // The product's HTML snippet, pasted as HTML or as text.
          type: 'raw',
          priority: 5,
          // Kept through the paste's cleaning: the element, and inside the paragraph that pasted text becomes.
          schema: ({ phrasingContentSchema }) => ({
            'voice-demo': { attributes: ['slug', 'theme'] },
            p: { children: { ...phrasingContentSchema, 'voice-demo': { attributes: ['slug', 'theme'] } } },
          }),
          isMatch: (node) => snippetSlug(node) !== null,
          transform: (node) => blockFor(snippetSlug(node)),
        },
      ],
    },
  })

  /** Every Voice demo block of the post, inner blocks included. */
  function demoBlocks(blocks) {
    return blocks.flatMap((block) => [
      ...(block.name === BLOCK ? [block] : []),
      ...demoBlocks(block.innerBlocks || []),
    ])
  }

  /**
   * The pre-publish panel's lines: each demo whose link is missing, invalid or unknown to the product,
   * named; or that every one is known. Mounted only while the pre-publish panel is open, so the product
   * is asked then, not while someone types.
   */
  function PrePublishProblems({ slugs }) {
    const [answers, setAnswers] = useState(null)
    const key = slugs.join(' ')
    useEffect(() => {
      let current = true
      const valid = [...new Set(slugs.filter((slug) => normalizeSlug(slug).slug !== null))]
      Promise.all(valid.map((slug) => lookup(slug).then((answer) => [slug, answer]))).then(
        (pairs) => current && setAnswers(Object.fromEntries(pairs)),
      )
      return () => {
        current = false
      }
    }, [key])
    if (answers === null) return h(Spinner)
    const problems = slugs
      .map((slug) =>
        slug === ''
          ? __('A Voice demo block has no prospect link yet: visitors will see nothing there.', 'voice-demo')
          : problemOf(slug, answers[slug]),
      )
      .filter(Boolean)
    if (problems.length === 0)
      return h('p', null, __('Every demo’s prospect link is known to the product.', 'voice-demo'))
    return h(
      'ul',
      null,
      problems.map((problem, index) => h('li', { key: index }, problem)),
    )
  }

  /** Before publishing, for a post with demos: what is wrong with their links, or that nothing is. */
  function PrePublishPanel() {
    const slugs = useSelect(
      (select) => demoBlocks(select('core/block-editor').getBlocks()).map((block) => block.attributes.slug),
      [],
    )
    const Panel = wp.editPost?.PluginPrePublishPanel
    if (!Panel || slugs.length === 0) return null
    return h(
      Panel,
      { title: __('Voice demo', 'voice-demo'), icon, initialOpen: true, className: 'voice-demo-pre-publish' },
      h(PrePublishProblems, { slugs }),
    )
  }

  registerPlugin('voice-demo-pre-publish', { render: PrePublishPanel })
})()
