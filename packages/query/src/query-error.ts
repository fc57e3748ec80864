/** A query string the language cannot read (or an AST it cannot write), naming the offending key. */
export class QueryError extends Error {
  readonly code = 'INVALID_QUERY';
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.name = 'QueryError';
    this.key = key;
  }
}
