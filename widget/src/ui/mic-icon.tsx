import { LineIcon } from './line-icon.tsx'

/** A microphone, 20 px. */
export const MicIcon = () => (
  <LineIcon size={20}>
    <path d="M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Z" />
    <path d="M19 10v2a7 7 0 0 1-14 0v-2M12 19v3" />
  </LineIcon>
)
