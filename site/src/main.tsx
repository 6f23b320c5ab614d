import './index.css'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
// index.html holds the landing page prerendered at build time; app.html (every other route) is empty.
if (container.hasChildNodes()) hydrateRoot(container, app)
else createRoot(container).render(app)
