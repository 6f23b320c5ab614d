/** The contact section's booking panel; the hero's button scrolls here when there is nothing to open. */
export const BOOKING_PANEL_ID = 'booking'
