// Parts of a long form far below the window (sections, rich-text fields) are drawn once they come
// near the window, once the browser is idle (one part per idle period, in the order of the form), or at
// once when asked (focus, submit): the fact-check editor's first draw holds only what the editor
// sees first (issue 12; ADR 024, ADR 026).
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export type DrawReason = 'visible' | 'idle' | 'focus';

interface Waiting {
  element: Element;
  draw(): void;
}
const queue: Waiting[] = [];
let scheduled = false;

/**
 * No part is drawn within this long of a key or a press, on idle or on coming near the window:
 * drawing a long rich-text field takes tens of milliseconds, an idle callback's time-out fires even
 * while someone types, and typing at the end of a long field brings the next one near (a key then
 * waited for the draw). The parts are drawn in the next pause, or at once on focus or submit.
 */
export const QUIET_AFTER_INPUT_MS = 1000;
let lastInput = Number.NEGATIVE_INFINITY;
let listening = false;
const noteInput = () => {
  lastInput = performance.now();
};

function scheduleNext(): void {
  scheduled = true;
  if (!listening) {
    listening = true;
    for (const type of ['keydown', 'pointerdown'] as const)
      window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(runNext, { timeout: 1000 });
  else setTimeout(runNext, 50);
}

/** Draws the waiting part that comes first in the page: a section drawn while idle queues its own
 * rich-text fields, which then come before the sections after it (the order an editor reads in). */
function runNext(): void {
  scheduled = false;
  const sinceInput = performance.now() - lastInput;
  if (sinceInput < QUIET_AFTER_INPUT_MS) {
    scheduled = true;
    setTimeout(scheduleNext, QUIET_AFTER_INPUT_MS - sinceInput);
    return;
  }
  let first = 0;
  for (let i = 1; i < queue.length; i++) {
    if (queue[i]!.element.compareDocumentPosition(queue[first]!.element) & Node.DOCUMENT_POSITION_FOLLOWING)
      first = i;
  }
  queue.splice(first, 1)[0]?.draw();
  if (queue.length > 0) scheduleNext();
}

/** Queues a part's draw for an idle period; the returned function takes it off the queue. */
function whenIdle(element: Element, draw: () => void): () => void {
  const waiting = { element, draw };
  queue.push(waiting);
  if (!scheduled) scheduleNext();
  return () => {
    const index = queue.indexOf(waiting);
    if (index >= 0) queue.splice(index, 1);
  };
}

/** How far down a part counts as near, in window heights from the top of the window. */
const NEAR_SCREENS = 2;

export interface DrawWhenNeeded<T extends HTMLElement> {
  /** Why the part is drawn, or null while its placeholder stands in. */
  reason: DrawReason | null;
  /** The placeholder's element, measured before the first paint and watched until drawn. */
  placeholder: RefObject<T | null>;
  draw(reason: DrawReason): void;
}

/**
 * Whether a part is drawn yet. A placeholder near the window at the first draw (in it, or in the
 * screen below) is replaced before the first paint, as if never deferred; without
 * IntersectionObserver everything draws at once.
 */
export function useDrawWhenNeeded<T extends HTMLElement>(): DrawWhenNeeded<T> {
  const [reason, setReason] = useState<DrawReason | null>(() =>
    typeof IntersectionObserver === 'undefined' ? 'visible' : null,
  );
  const placeholder = useRef<T>(null);
  useLayoutEffect(() => {
    if (reason) return;
    const element = placeholder.current;
    if (!element) return;
    // Near: within the window or the screen below it (one scroll away).
    if (element.getBoundingClientRect().top < NEAR_SCREENS * window.innerHeight) {
      setReason('visible');
      return;
    }
    // Come near while someone types (the caret pushed the page down): drawn in the next pause.
    let pause: ReturnType<typeof setTimeout> | undefined;
    const drawVisible = () => {
      const sinceInput = performance.now() - lastInput;
      if (sinceInput >= QUIET_AFTER_INPUT_MS) setReason((current) => current ?? 'visible');
      else pause = setTimeout(drawVisible, QUIET_AFTER_INPUT_MS - sinceInput);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && pause === undefined) drawVisible();
      },
      { rootMargin: `0px 0px ${(NEAR_SCREENS - 1) * 100}% 0px` },
    );
    observer.observe(element);
    const cancel = whenIdle(element, () => setReason((current) => current ?? 'idle'));
    return () => {
      observer.disconnect();
      clearTimeout(pause);
      cancel();
    };
  }, [reason]);
  return { reason, placeholder, draw: (next) => setReason((current) => current ?? next) };
}
