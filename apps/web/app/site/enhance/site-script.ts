// The site script's entry (ADR 056): bundled on its own into one small file that root.tsx adds,
// deferred, to every public page (imported there with `?worker&url`, which makes Vite bundle it
// and give it a hashed name in both builds). It wires the page in a task of its own after the
// first frame is painted, so that its work never lengthens the style and layout of the first
// paint, without waiting for the page's images.
import { enhancePage } from './enhance.ts';

requestAnimationFrame(() => setTimeout(() => enhancePage(), 0));
