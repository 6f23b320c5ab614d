/**
 * A length of time as a person says it: "45 s", "1 min 35 s", "1 h 2 min". Every place a rep reads a
 * call's length (the nudges, the Timeline, the lists' talk time) says it this one way, so the same call
 * never reads "2 min" in the chat and "1:35" on the page.
 *
 * The rule: whole seconds (a fraction is rounded, a negative or missing length is 0 s); under a minute,
 * seconds alone ("0 s", "59 s"); under an hour, minutes and the seconds left when there are any ("1 min",
 * "1 min 35 s"); from an hour on, hours and the whole minutes left when there are any ("1 h", "1 h 2 min"),
 * the seconds dropped, never rounded up: nobody says "an hour, two minutes and five seconds", and a call
 * is never reported longer than it was.
 */
export function spokenDuration(totalSeconds: number | null | undefined): string {
  const seconds =
    typeof totalSeconds === 'number' && Number.isFinite(totalSeconds)
      ? Math.max(0, Math.round(totalSeconds))
      : 0
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60)
    const rest = seconds % 60
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
  }
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`
}
