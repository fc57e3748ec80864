// The public site's links. Every `to` here is already an absolute address, so a link is a plain
// `<a>`; one click handler in the site layout (useSiteLinkNavigation) gives them client-side
// navigation. React Router's <Link> ran four hooks per link (resolving the address against the
// matches, a click handler, navigate, prefetch) on every render: 60–100 links made ~18 % of what a
// cold page render allocated on the server (ADR 027).
import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute address on this site (`/factcheck/…`, `/en/…`). */
  to: string;
  /** Keeps the scroll position when the link is followed (a filter bar above its list). */
  preventScrollReset?: boolean;
}

/** `data-discover` lets React Router's route discovery find the address, as its <Link> does. */
export function SiteLink({ to, preventScrollReset, ...rest }: SiteLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      data-site-link=""
      data-prevent-scroll-reset={preventScrollReset ? 'true' : undefined}
    />
  );
}

/** Whether a click on a link is one the page should follow itself (as React Router's <Link> decides). */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
  anchor: Pick<HTMLAnchorElement, 'target' | 'hasAttribute'>,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  return !anchor.hasAttribute('download');
}

/** Client-side navigation for every SiteLink under the document, with one listener. */
export function useSiteLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[data-site-link]');
      if (!(anchor instanceof HTMLAnchorElement) || !isPlainClick(event, anchor)) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset: anchor.dataset.preventScrollReset === 'true',
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
