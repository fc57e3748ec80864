// The site script's entry (ADR 056): bundled on its own into one small file that root.tsx adds,
// deferred, to every public page (imported there with `?worker&url`, which makes Vite bundle it
// and give it a hashed name in both builds).
import { enhancePage } from './enhance.ts';

enhancePage();
