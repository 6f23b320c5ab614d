import type { ComponentProps, MouseEvent } from 'react'
import { getInAppHref } from '../lib/link-click.ts'
import { navigate } from '../lib/router.ts'

type LinkProps = ComponentProps<'a'> & { href: string }

/** An `<a>` that navigates inside the app without a page load; the browser keeps new-tab clicks. */
export function Link({ href, onClick, ...props }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const href = getInAppHref(event)
    if (href === null) return
    event.preventDefault()
    navigate(href)
  }
  // Enter on a link fires `click`, so keyboard users get the same in-app navigation.
  return <a {...props} href={href} onClick={handleClick} />
}
