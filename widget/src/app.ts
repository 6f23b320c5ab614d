/**
 * The rest of the widget: what the boot (embed.ts, widget.mjs) imports as soon as it runs, in parallel
 * with the prospect's answer. Evaluating it gives each element its behaviour (the store, Preact's
 * panel, the video button and, through them, the dialogs, the calls and the reporter) and takes over
 * the elements the boot already drew. An element defined after that (the rest arrived before the
 * boot's steps were done) is drawn by Preact from the start. It exports nothing: a namespace object
 * for the boot's import would cost the bundler's runtime helpers, a file of their own.
 */
import { takeOverElements } from './element/take-over.ts'

// Evaluating this module is a task's work on a slow phone, and taking the elements over (a render of
// each, the store, the prospect's request) is another: in one task the two would pass the 50 ms
// long-task line. A click before the takeover is kept by the boot, as before the rest arrived.
setTimeout(takeOverElements)
