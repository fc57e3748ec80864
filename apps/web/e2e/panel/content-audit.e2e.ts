// The content lists in Arabic and English, light and dark: axe-core finds nothing serious, and the
// screenshots (test-results/screenshots/panel-factcheck-*.png, panel-article-*.png) are written.
import { describe, it } from 'vitest';
import { auditScreen, setUpPanelJourney } from './harness.ts';

const journey = setUpPanelJourney();

describe('the content lists in both languages and themes', () => {
  it('the draft fact-checks are accessible', async () => {
    await auditScreen(journey, '/panel/factcheck/draft', 'factcheck-draft');
  });

  it('the published fact-checks filtered by a rating (with paging) are accessible', async () => {
    await auditScreen(journey, '/panel/factcheck/published?category=fraud', 'factcheck-published-filtered');
  });

  it('the published articles are accessible', async () => {
    await auditScreen(journey, '/panel/article/published', 'article-published');
  });
});
