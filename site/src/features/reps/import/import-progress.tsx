import type { ImportProgress as Progress } from '../api/upload-import.ts'

/** "Uploading… 45%" with a bar while the file goes up; then "Importing…" while the server works. */
export function ImportProgress({ progress }: { progress: Progress }) {
  const uploading = progress.phase === 'uploading'
  const percent = uploading && progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0
  const label = uploading ? `Uploading… ${percent}%` : 'Importing… Nothing is saved until every row is.'
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm font-semibold">
        {label}
      </p>
      {uploading ? (
        <progress aria-label="Upload" max={100} value={percent} className="h-2 w-full accent-indigo-600" />
      ) : (
        <progress aria-label="Import" className="h-2 w-full accent-indigo-600" />
      )}
    </div>
  )
}
