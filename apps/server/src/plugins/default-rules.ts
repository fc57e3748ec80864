// Built-in rules until the identity work stores rules in the database (issue 3 merges those over
// these). Anonymous readers get published public content only, forced by a selector, so a draft
// can never leak through a forgotten filter; everything else is denied (super-admin always passes).
import type { Permission, Rule } from '@tabayyun/permissions';

const anyone = (selectors?: Permission['selectors']): Permission => ({
  by: 'anonymous',
  access: 'grant',
  ...(selectors ? { selectors } : {}),
});

const publishedOnly = anyone({ query: 'status=published' });

export function defaultRules(apiBase: string): Rule[] {
  const r = (path: string, actions: Rule['actions'], name = path): Rule => ({
    name,
    path: `${apiBase}${path}`,
    actions,
  });
  return [
    r('/factcheck', { Read: [publishedOnly] }),
    r('/article', { Read: [publishedOnly] }),
    r('/category', { Read: [anyone()] }),
    r('/author', { Read: [anyone()] }),
    r('/media-source', { Read: [anyone()] }),
    r('/count/category', { Read: [anyone()] }),
    r('/count/read', { Create: [anyone()] }),
    r('/contract', { Create: [anyone()] }),
  ];
}
