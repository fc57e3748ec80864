// No live token reaches the log (issue 34): file links carry `?access_token=`, the mailed reset
// link `?reset_token=`, preview links `?draft=`, and requests an Authorization header and cookies.
// Every line is scrubbed as text just before pino writes it (its `streamWrite` hook), so request
// URLs, messages, error texts and logged objects of any shape are covered alike, child loggers
// (request.log) included.
import type { FastifyServerOptions } from 'fastify';

const CENSORED = '[REDACTED]';

/** Query parameters (and cookies) whose value is a credential. */
const SECRET_PARAMS = [
  'access_token',
  'refresh_token',
  'reset_token',
  'id_token',
  'mfa_token',
  'token',
  'draft',
  'password',
  'secret',
];

/**
 * `name=value` of a secret parameter, where the name starts the query, follows `&`, `;` or a space,
 * or the same encoded inside another URL (`%3Faccess_token%3D…`). The value runs to the next
 * separator, encoded or not.
 */
const SECRET_PARAM = new RegExp(
  `(?<=^|[?&;\\s"',/]|%3F|%26|%3B|%20)(${SECRET_PARAMS.join('|')})(=|%3D)(?:%(?!26|23|3B|22)[0-9A-F]{2}|[^&\\s"#\\\\;%])+`,
  'gi',
);

/** A JSON field whose name says credential, with a string (or list of strings) value. */
const SECRET_FIELD =
  /"([^"\\]*?(?:password|passwd|secret|token|authorization|cookie|api[-_]?key)[^"\\]*)":(?:"(?:[^"\\]|\\.)*"|\[(?:\s*"(?:[^"\\]|\\.)*"\s*,?)*\])/gi;

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** A JSON Web Token anywhere (`eyJ…` header, payload and signature). */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g;

/** Cheap test first: most lines hold none of these words. */
const MAYBE_SECRET = /token|draft|password|passwd|secret|authorization|cookie|api[-_]?key|bearer|basic|eyJ/i;

/** The log line with every credential replaced by [REDACTED]. */
export function redactSecrets(line: string): string {
  if (!MAYBE_SECRET.test(line)) return line;
  return line
    .replace(SECRET_FIELD, (_match, name: string) => `"${name}":"${CENSORED}"`)
    .replace(SECRET_PARAM, (_match, name: string, equals: string) => `${name}${equals}${CENSORED}`)
    .replace(BEARER, (_match, scheme: string) => `${scheme} ${CENSORED}`)
    .replace(JWT, CENSORED);
}

type LoggerOption = FastifyServerOptions['logger'];

/** Fastify's logger option with the scrubbing hook added (none when logging is off). */
export function redactingLogger(option: LoggerOption): LoggerOption {
  if (option === undefined || option === false) return option;
  const options = option === true ? {} : option;
  const previous = options.hooks?.streamWrite;
  return {
    ...options,
    hooks: {
      ...options.hooks,
      streamWrite: previous ? (line: string) => redactSecrets(previous(line)) : redactSecrets,
    },
  };
}
