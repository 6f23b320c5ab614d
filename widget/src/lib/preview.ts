/**
 * `preview` on `<voice-demo>` and `<voice-video-call>`: an editor's preview of the demo (the WordPress
 * block in the editor). The panel and the button show as on the published page, but nothing is
 * reported (an author looking at a draft is not the prospect's visit) and no call starts: a click says
 * why, in these words.
 */
export const PREVIEW_NOTICE = 'This is a preview. Calls start on the published page.'

export const isPreview = (element: Element): boolean => element.hasAttribute('preview')
