export { articles } from './articles.ts';
export { authors } from './authors.ts';
export { factchecks } from './factchecks.ts';
export { feedItems } from './feed.ts';
export { mediaSources } from './media-sources.ts';
export { categories } from './taxonomy.ts';
