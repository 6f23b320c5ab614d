import { LineIcon } from '../../components/line-icon.tsx'

/** A feature card: icon, title, description. */
interface FeatureCard {
  /** An SVG path on a 24 × 24 line-icon grid. */
  icon: string
  title: string
  description: string
}

/** A decorative line icon; the card's title says what it means. */
export function FeatureIcon({ path }: { path: string }) {
  return (
    <LineIcon className="size-6">
      <path d={path} />
    </LineIcon>
  )
}

export const featureCards: readonly FeatureCard[] = [
  {
    icon: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
    title: 'Handles inquiries 24/7',
    description:
      'Every call is answered on the first ring, at 3 pm or 3 am, on weekends and holidays. No voicemail, no hold music, no missed leads.',
  },
  {
    icon: 'M4 6h10M4 12h6M4 18h10M17 4l3 3-3 3M14 15l3 3 3-3',
    title: 'Acts for your business',
    description:
      'It books, moves and cancels appointments in your calendar, texts your team the messages it takes, and hands a caller to a person. The demo shows each as it happens.',
  },
  {
    icon: 'M4 10v4M8 7v10M12 4v16M16 8v8M20 11v2',
    title: 'Sounds real and professional',
    description:
      'A natural, friendly voice that knows your services and opening hours from your own website, and never guesses what it was not told.',
  },
]
