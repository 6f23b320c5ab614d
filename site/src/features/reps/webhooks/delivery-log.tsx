import { useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { OutgoingWebhook, WebhookDeliveryLogResponse } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { Alert } from '../ui/alert.tsx'
import { formatDateTime } from '../ui/format.ts'
import { getDeliveryLog, resendDelivery, sendWebhookTest } from './webhook-endpoints.ts'
import { deliveryOutcome, eventLabel } from './webhook-words.ts'

/** Read again this often while a delivery is on its way: the server sends it in the background. */
const POLL_MS = 1500

const loadLog = (key: string, signal: AbortSignal) => getDeliveryLog(key.split('#')[0] ?? '', signal)

/**
 * A webhook's last deliveries, newest first: when, which event, for whom, how it went in words and
 * how many tries, with "Send again" on each settled one and "Send a test" for the webhook.
 */
export function DeliveryLog({ webhook }: { webhook: OutgoingWebhook }) {
  const [version, setVersion] = useState(0)
  const load = useKeyedLoad(`${webhook.id}#${version}`, loadLog, { failedMessage: UNAVAILABLE_MESSAGE })
  const [last, setLast] = useState<WebhookDeliveryLogResponse | null>(null)
  if (load.status === 'done' && load.value !== last) setLast(load.value)
  const shown = load.status === 'done' ? load.value : last
  const [error, setError] = useState<string | null>(null)
  const [told, setTold] = useState<string | null>(null)
  const reload = () => setVersion((n) => n + 1)
  const waiting = shown?.deliveries.some((line) => line.state === 'waiting') === true
  useEffect(() => {
    if (!waiting || load.status !== 'done') return
    const timer = setTimeout(() => setVersion((n) => n + 1), POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, load.status])

  const run = async (action: () => Promise<unknown>, words: string) => {
    setError(null)
    setTold(null)
    try {
      await action()
      setTold(words)
      reload()
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    }
  }
  const logId = `log-${webhook.id}`
  return (
    <section aria-labelledby={logId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={logId} className="font-semibold">
          Delivery log
        </h4>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => run(() => sendWebhookTest(webhook.id), 'A test is on its way.')}
        >
          Send a test
        </button>
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {told}
      </p>
      {error && <Alert>{error}</Alert>}
      {load.status === 'error' && <Alert>{load.message}</Alert>}
      {shown?.deliveries.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nothing sent yet.</p>
      )}
      {shown && shown.deliveries.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The last deliveries to {webhook.url}, newest first</caption>
            <thead className="text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Result
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Tries
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.deliveries.map((line) => (
                <tr key={line.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="py-2 pr-3">{formatDateTime(line.createdAt)}</td>
                  <td className="py-2 pr-3">
                    {eventLabel(line.event)}
                    {line.slug !== null && (
                      <span className="block text-slate-600 dark:text-slate-400">{line.slug}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3 break-words">{deliveryOutcome(line, shown.maxAttempts)}</td>
                  <td className="py-2 pr-3">{line.attempts}</td>
                  <td className="py-2 text-right">
                    {line.state !== 'waiting' && (
                      <button
                        type="button"
                        className="rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                        onClick={() =>
                          run(() => resendDelivery(webhook.id, line.id), 'Sent again: it is on its way.')
                        }
                      >
                        Send again
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
