// Page views (platform §2): recorded on each completed navigation except under /panel. There is no
// external analytics service: views go to a local queue that a first-party collector may read, and
// nothing is recorded before the reader grants consent.
import { hasConsent } from './consent.ts';

export interface PageView {
  path: string;
  at: number;
}

const MAX_QUEUE = 50;

declare global {
  interface Window {
    __tabayyunPageViews?: PageView[];
  }
}

export function isTrackedPath(pathname: string): boolean {
  return !/^\/panel(\/|$)/i.test(pathname);
}

/** Records one page view; a no-op until consent or under /panel. Returns whether it recorded. */
export function trackPageView(pathname: string, now = Date.now()): boolean {
  if (!isTrackedPath(pathname) || !hasConsent()) return false;
  window.__tabayyunPageViews ??= [];
  const queue = window.__tabayyunPageViews;
  queue.push({ path: pathname, at: now });
  if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
  return true;
}
