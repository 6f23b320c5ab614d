import { LineIcon } from './line-icon.tsx'

/** A microphone, struck through when `off`; 20 px. */
export const MicIcon = ({ off = false }: { off?: boolean }) => (
  <LineIcon size={20}>
    <path d="M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Z" />
    <path d="M19 10v2a7 7 0 0 1-14 0v-2M12 19v3" />
    {off && <path d="m2 2 20 20" />}
  </LineIcon>
)

/** A filled square: stop; 20 px. */
export const StopIcon = () => (
  <LineIcon size={20}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </LineIcon>
)
