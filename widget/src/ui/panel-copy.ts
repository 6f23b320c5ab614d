/** Copy the skeleton shows too, so text is in place before the data arrives and nothing moves. */
export const PANEL_EYEBROW = 'Your AI voice agent'
export const PANEL_LEAD = 'Talk to it in your browser, or have it call your phone.'
