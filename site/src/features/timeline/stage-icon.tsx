import { LineIcon } from '../../components/line-icon.tsx'
import type { StageIconName } from './timeline-stages.ts'

/** Line drawings on a 24 px grid, stroked in currentColor (shapes after Lucide, ISC licence). */
const DRAWINGS: Record<StageIconName | 'calendar' | 'arrow' | 'bolt', string[]> = {
  search: ['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z', 'm20 20-4-4'],
  sliders: ['M4 6h9m4 0h3M4 12h3m4 0h9M4 18h11m4 0h1', 'M15 4v4M9 10v4M17 16v4'],
  plug: ['M9 2v5M15 2v5', 'M6 7h12v4a6 6 0 0 1-12 0z', 'M12 17v5'],
  flask: ['M9 3h6M10 3v6l-5.6 9.4A2 2 0 0 0 6.1 21.5h11.8a2 2 0 0 0 1.7-3.1L14 9V3', 'M7 15h10'],
  rocket: [
    'M4.5 16.5c-1.5 1.26-2 5-2 5s3.74-.5 5-2c.71-.84.7-2.13-.09-2.91a2.18 2.18 0 0 0-2.91-.09z',
    'm12 15-3-3a22 22 0 0 1 2-3.95A12.88 12.88 0 0 1 22 2c0 2.72-.78 7.5-6 11a22.35 22.35 0 0 1-4 2z',
    'M9 12H4s.55-3.03 2-4c1.62-1.08 5 0 5 0M12 15v5s3.03-.55 4-2c1.08-1.62 0-5 0-5',
  ],
  calendar: [
    'M7 3v3M17 3v3',
    'M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
    'M4 10h16',
  ],
  arrow: ['M5 12h14m-6-6 6 6-6 6'],
  bolt: ['M13 2 4 14h7l-1 8 9-12h-7z'],
}

/** A decorative icon; whatever it stands for is said in text next to it. */
export function StageIcon({
  name,
  className = 'size-5',
}: {
  name: keyof typeof DRAWINGS
  className?: string
}) {
  return (
    <LineIcon className={className}>
      {DRAWINGS[name].map((path) => (
        <path key={path} d={path} />
      ))}
    </LineIcon>
  )
}
