import { type DragEvent, useId, useState } from 'react'
import { labelClass } from '../ui/field-styles.ts'

/**
 * "CSV file": the browser's own file chooser (a keyboard reaches it like any control), inside a zone
 * a file can also be dropped on.
 */
export function FileDrop({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const id = useId()
  const [over, setOver] = useState(false)

  const drop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file && !disabled) onFile(file)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut; the file input inside is everyone's way
    <div
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
        over
          ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/10'
          : 'border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900/60'
      }`}
    >
      <label htmlFor={id} className={labelClass}>
        CSV file
      </label>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Choose a file, or drop one here.</p>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) onFile(file)
          event.target.value = '' // choosing the same file again is a new choice
        }}
        className="mx-auto mt-4 block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-xl file:border file:border-slate-200 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-white"
      />
    </div>
  )
}
