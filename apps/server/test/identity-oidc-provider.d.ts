// oidc-provider ships no types (and @types/oidc-provider lags its majors): just what the
// provider sign-in test uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Interaction {
    params: Record<string, unknown>;
    prompt: { name: string };
  }
  class Grant {
    constructor(args: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & { findAccount(ctx: unknown, id: string): Promise<Account> },
    );
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
