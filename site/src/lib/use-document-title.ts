import { useEffect } from 'react'
import { siteConfig } from '../config.ts'

/** Sets the tab title to "{title} · {product}", or the product name alone for an empty title. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteConfig.productName}` : siteConfig.productName
  }, [title])
}
