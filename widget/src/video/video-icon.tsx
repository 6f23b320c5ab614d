import { LineIcon } from '../ui/line-icon.tsx'

/** A video camera, 24 px. */
export const VideoIcon = () => (
  <LineIcon size={24}>
    <path d="m16 13 5.2 3.5a.5.5 0 0 0 .8-.4V7.9a.5.5 0 0 0-.8-.4L16 11" />
    <rect x="2" y="6" width="14" height="12" rx="2" />
  </LineIcon>
)
