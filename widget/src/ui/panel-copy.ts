/** Copy the skeleton shows too, so text is in place before the data arrives and nothing moves. */
export const PANEL_EYEBROW = 'Your AI voice agent'
export const PANEL_LEAD = 'Talk to it in your browser, or have it call your phone.'
/** The two buttons' names while no call is on. */
export const BROWSER_CALL_LABEL = 'Test in Browser'
export const PHONE_CALL_LABEL = 'Call Me'
