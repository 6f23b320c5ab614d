import { widgetApiAttributes } from '../config.ts'
import { useTheme } from './theme.ts'

/**
 * The attributes every widget element on the site gets: where the API is (when not beside widget.mjs)
 * and the site's theme, so the widget turns dark and light with the site's toggle, live.
 */
export function useWidgetAttributes(): { 'api-base'?: string; theme: 'light' | 'dark' } {
  const { resolved } = useTheme()
  return { ...widgetApiAttributes, theme: resolved }
}
