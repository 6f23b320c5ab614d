/**
 * widget.js: the classic script partners paste (`<script async src=".../widget.js">`). It stays tiny
 * and unhashed (short cache) and imports the hashed core chunk (immutable cache) beside itself.
 * Built as an IIFE by widget/build/emit-loader.ts, which defines the core's file name.
 */
import { startLoader } from './loader/start-loader.ts'

declare const __VOICE_DEMO_CORE__: string

// The module map runs the core once however many times this script is included.
void startLoader(document, __VOICE_DEMO_CORE__, (url) => import(/* @vite-ignore */ url))
