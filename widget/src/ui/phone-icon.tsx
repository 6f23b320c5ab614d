import { PHONE_PATH } from './icon-paths.ts'
import { LineIcon } from './line-icon.tsx'

/** A telephone handset, 20 px. */
export const PhoneIcon = () => (
  <LineIcon size={20}>
    <path d={PHONE_PATH} />
  </LineIcon>
)
