import { BUTTON_ROW, EYEBROW, LEAD } from './panel-classes.ts'
import { PANEL_EYEBROW, PANEL_LEAD } from './panel-copy.ts'

const BLOCK = 'animate-pulse rounded-lg bg-slate-100'

/** The loading panel: the same boxes as the loaded one, with placeholders where data goes. */
export function PanelSkeleton() {
  return (
    <div aria-hidden="true">
      <p class={EYEBROW}>{PANEL_EYEBROW}</p>
      <div class={`mt-1 h-7 w-2/3 ${BLOCK}`} />
      <p class={LEAD}>{PANEL_LEAD}</p>
      <div class={BUTTON_ROW}>
        <div class={`h-12 w-full rounded-xl @min-[480px]:flex-1 ${BLOCK}`} />
        <div class={`h-12 w-full rounded-xl @min-[480px]:flex-1 ${BLOCK}`} />
      </div>
    </div>
  )
}
