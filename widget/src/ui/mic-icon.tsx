import { MIC_PATHS } from './icon-paths.ts'
import { LineIcon } from './line-icon.tsx'

/** A microphone, struck through when `off`; 20 px. */
export const MicIcon = ({ off = false }: { off?: boolean }) => (
  <LineIcon size={20}>
    {MIC_PATHS.map((d) => (
      <path key={d} d={d} />
    ))}
    {off && <path d="m2 2 20 20" />}
  </LineIcon>
)

/** A filled square: stop; 20 px. */
export const StopIcon = () => (
  <LineIcon size={20}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </LineIcon>
)
