import { WEBHOOK_EVENT_INFO, type WebhookDeliveryLine } from '#core/rep-api.ts'
import { formatDateTime } from '../ui/format.ts'

/** An event's words in the log and the form. */
export const eventLabel = (event: WebhookDeliveryLine['event']): string => WEBHOOK_EVENT_INFO[event].label

/** How a delivery went, in words: its answer, or why not and what happens next. */
export function deliveryOutcome(line: WebhookDeliveryLine, maxAttempts: number): string {
  if (line.state === 'delivered') return `Delivered (HTTP ${line.status ?? 200})`
  if (line.state === 'failed') return line.error ?? 'Given up'
  if (line.attempts === 0) return 'Sending…'
  const next = line.nextAttemptAt === null ? '' : ` Trying again at ${formatDateTime(line.nextAttemptAt)}`
  return `${line.error ?? 'Not delivered yet'}.${next} (try ${line.attempts + 1} of ${maxAttempts}).`
}
