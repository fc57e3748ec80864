// @tabayyun/schemas: zod schemas of what the API accepts, shared by the server and the browser.
// Browser-safe: no Node built-ins, no Drizzle.
export * from './article.ts';
export * from './author.ts';
export * from './category.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './correction.ts';
export * from './entities.ts';
export * from './factcheck.ts';
export * from './feed.ts';
export * from './media-source.ts';
export * from './presence.ts';
