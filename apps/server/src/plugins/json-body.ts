// JSON bodies nested deeper than MAX_JSON_DEPTH are refused with 400 before they are parsed
// (issue 34): the code that walks a body afterwards (the storable-text check, schema validation,
// JSON Patch, JSON.stringify into jsonb) recurses once per level, and 10,000 levels overflowed the
// stack into a 500. The scan is one loop over the text, so no depth can overflow it. Fastify's
// own parser (proto-poisoning checks, empty-body error) parses what passes.
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../errors.ts';

/** The deepest nesting of objects and arrays a JSON body or JSON field may have (docs/errors.md). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether `text` opens more than `max` objects or arrays inside one another. Brackets inside
 * strings do not count; malformed JSON is left to the parser (its answer is the same 400).
 */
export function jsonDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The 400 for a body or field nested too deeply; `where` names it in `details`. */
export const tooDeep = (where = 'body') =>
  validationFailed(
    { [where]: `nested deeper than ${MAX_JSON_DEPTH} levels` },
    `The JSON ${where} is nested deeper than ${MAX_JSON_DEPTH} levels`,
  );

/** Replaces the application/json parser of `app` (call before any route or module registers). */
export function registerJsonBody(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDeeperThan(body as string)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
