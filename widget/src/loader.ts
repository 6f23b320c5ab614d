/**
 * widget.js: the classic script of snippets pasted before the snippet loaded widget.mjs directly
 * (`<script async src=".../widget.js">`). It imports widget.mjs beside itself, the same module (and so
 * the same instance) today's snippet loads, and asks for the prospects meanwhile. Built as an IIFE by
 * widget/build/emit-loader.ts, which defines the core's file name.
 */
import { startLoader } from './loader/start-loader.ts'

declare const __VOICE_DEMO_CORE__: string

// The module map runs the core once however many times this script is included.
void startLoader(document, __VOICE_DEMO_CORE__, (url) => import(/* @vite-ignore */ url))
