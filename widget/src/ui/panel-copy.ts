/** Copy the skeleton shows too, so text is in place before the data arrives and nothing moves. */
export const PANEL_EYEBROW = 'Your AI voice agent'
export const PANEL_LEAD = 'Talk to it in your browser, or have it call your phone.'

/** Why a demo is shown as unavailable: one line under the buttons; empty when both work. */
export function unavailableReason(voiceOff: boolean, phoneOff: boolean): string {
  const off =
    voiceOff && phoneOff ? 'Browser and phone calls are' : voiceOff ? 'Browser calls are' : 'Phone calls are'
  return voiceOff || phoneOff ? `${off} not available on this site yet.` : ''
}
