import './index.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// index.html holds the landing page prerendered at build time, a prospect page arrives rendered by the
// server, and app.html (every other route) is empty. Hydration runs as a transition: React then
// works in slices of a few milliseconds and yields to the browser between them, so a slow phone's
// main thread is never blocked for the whole page at once (total blocking time); the page is already
// painted, so nothing waits for it but the handlers.
if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app))
else createRoot(container).render(app)
