import { LineIcon } from '../../ui/line-icon.tsx'

/** A video camera, struck through when `off`; 20 px. */
export const CameraToggleIcon = ({ off }: { off: boolean }) => (
  <LineIcon size={20}>
    <path d="m16 13 5.2 3.5a.5.5 0 0 0 .8-.4V7.9a.5.5 0 0 0-.8-.4L16 11" />
    <rect x="2" y="6" width="14" height="12" rx="2" />
    {off && <path d="m2 2 20 20" />}
  </LineIcon>
)

/** A handset hung up; 20 px. */
export const HangUpIcon = () => (
  <LineIcon size={20}>
    <path d="M10.7 13.3a16 16 0 0 0 3.4 2.6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2v3a2 2 0 0 1-2.2 2A19.8 19.8 0 0 1 3 4.2 2 2 0 0 1 5 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.4 2.1L9 9.9" />
    <path d="m22 2-20 20" />
  </LineIcon>
)
