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

/** How long until no key or press has come for QUIET_AFTER_INPUT_MS (0 or less: quiet now). */
function untilQuiet(): number {
  if (!listening) {
    listening = true;
    for (const type of ['keydown', 'pointerdown'] as const)
      window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
  return QUIET_AFTER_INPUT_MS - (performance.now() - lastInput);
}

/** Runs `run` once it is quiet (at once when it is); the returned function cancels it. */
function whenQuiet(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const wait = untilQuiet();
    if (wait <= 0) run();
    else timer = setTimeout(check, wait);
  };
  check();
  return () => clearTimeout(timer);
}

/** Asks for an idle period; one that comes too soon after a key or a press asks again after it. */
function scheduleNext(): void {
  scheduled = true;
  untilQuiet(); // listens for keys and presses from the first part waiting on
  const next = () => {
    const wait = untilQuiet();
    if (wait > 0) setTimeout(scheduleNext, wait);
    else runNext();
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 50);
}

/** Draws the waiting part that comes first in the page: a section drawn while idle queues its own
 * rich-text fields, which then come before the sections after it (the order an editor reads in). */
function runNext(): void {
  scheduled = false;
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
    let cancelQuiet: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !cancelQuiet)
          cancelQuiet = whenQuiet(() => setReason((current) => current ?? 'visible'));
      },
      { rootMargin: `0px 0px ${(NEAR_SCREENS - 1) * 100}% 0px` },
    );
    observer.observe(element);
    const cancel = whenIdle(element, () => setReason((current) => current ?? 'idle'));
    return () => {
      observer.disconnect();
      cancelQuiet?.();
      cancel();
    };
  }, [reason]);
  return { reason, placeholder, draw: (next) => setReason((current) => current ?? next) };
}
