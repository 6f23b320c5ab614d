interface AgentWordsProps {
  firstMessage: string
  system: string
}

const blockClass =
  'rounded-xl border border-slate-200 bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 ' +
  '[overflow-wrap:anywhere] dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200'

/**
 * What a voice agent says first, and its instructions (its system prompt) behind a disclosure: a
 * prompt runs to pages, and the first message is what a rep checks at a glance. The instructions
 * scroll inside a box of their own, so a long prompt never pushes the panel beside it out of view;
 * the box takes focus, so a keyboard can scroll it too.
 */
export function AgentWords({ firstMessage, system }: AgentWordsProps) {
  return (
    <div className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">What the agent says first</h3>
        <p className={`${blockClass} mt-1.5`}>{firstMessage}</p>
      </div>
      <details>
        <summary className="cursor-pointer rounded text-sm font-semibold text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300">
          Show the agent's instructions
        </summary>
        <section
          aria-label="The agent's instructions"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className={`${blockClass} mt-2 max-h-80 overflow-y-auto focus-visible:outline-2 focus-visible:outline-indigo-600`}
        >
          {system}
        </section>
      </details>
    </div>
  )
}
