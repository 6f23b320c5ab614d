/**
 * The "Voice demo" block in the editor: plain JS on WordPress's globals (no build step). The settings
 * are in the sidebar; the block shows the real panel from the product, or says what is missing. The
 * editor of WordPress 6.1 runs React 17, which sets a custom element's props as attributes only when
 * they are strings, so every value given to <voice-demo> is one.
 */
;(() => {
  const { registerBlockType } = wp.blocks
  const { createElement: h, Fragment } = wp.element
  const { InspectorControls, useBlockProps } = wp.blockEditor
  const { PanelBody, Placeholder, SelectControl, TextControl, ToggleControl, Notice } = wp.components
  const { __ } = wp.i18n
  const settings = window.voiceDemoEditor || { productUrl: '', settingsUrl: '', canManageOptions: false }

  /** The product's rule for a prospect link: lowercase letters, digits and dashes, 1 to 64. */
  const SLUG = /^[a-z0-9-]{1,64}$/
  const slugProblem = (slug) =>
    slug === '' || SLUG.test(slug)
      ? ''
      : __('Use 1 to 64 lowercase letters, digits or dashes, as in the prospect link.', 'voice-demo')

  function noProductUrl() {
    const text = __('Voice demo: set the product URL in Settings → Voice demo.', 'voice-demo')
    if (!settings.canManageOptions)
      return h('p', null, `${text} ${__('Ask a site admin to do it.', 'voice-demo')}`)
    return h('p', null, h('a', { href: settings.settingsUrl }, text))
  }

  function preview(attributes) {
    const children = [h('voice-demo', { key: 'panel', slug: attributes.slug, theme: attributes.theme })]
    if (attributes.showVideoButton) {
      children.push(
        h(
          'p',
          { key: 'video', className: 'voice-demo-editor-note' },
          __('The video call button shows under the panel on the published page.', 'voice-demo'),
        ),
      )
    }
    return children
  }

  function Edit({ attributes, setAttributes }) {
    const problem = slugProblem(attributes.slug)
    const controls = h(
      InspectorControls,
      null,
      h(
        PanelBody,
        { title: __('Voice demo', 'voice-demo') },
        h(TextControl, {
          label: __('Prospect link', 'voice-demo'),
          help: __("The end of the prospect's demo link, e.g. bright-smile-dental.", 'voice-demo'),
          value: attributes.slug,
          onChange: (slug) => setAttributes({ slug: slug.trim() }),
        }),
        problem ? h(Notice, { status: 'error', isDismissible: false }, problem) : null,
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
    let body
    if (!settings.productUrl) body = noProductUrl()
    else if (attributes.slug === '' || problem) {
      body = h(
        Placeholder,
        { icon: 'microphone', label: __('Voice demo', 'voice-demo') },
        h(TextControl, {
          label: __('Prospect link', 'voice-demo'),
          value: attributes.slug,
          onChange: (slug) => setAttributes({ slug: slug.trim() }),
        }),
        problem ? h(Notice, { status: 'error', isDismissible: false }, problem) : null,
      )
    } else body = preview(attributes)
    return h(Fragment, null, controls, h('div', useBlockProps(), body))
  }

  registerBlockType('callpilot/voice-demo', { edit: Edit, save: () => null })
})()
