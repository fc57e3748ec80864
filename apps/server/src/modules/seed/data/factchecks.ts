import { claimSummaries } from './factcheck-claims.ts';
import { factchecksAr } from './factchecks-ar.ts';
import { factchecksEn } from './factchecks-en.ts';
import { factchecksTr } from './factchecks-tr.ts';
import { mediaSources } from './media-sources.ts';

export type SeedFactcheckStatus = 'draft' | 'review' | 'published';
export type SeedFactcheckLanguage = 'ar' | 'en' | 'tr';
export type SeedFactcheckCategory = 'fraud' | 'confounding' | 'futility' | 'confirmed';

export interface SeedFactcheckEvaluation {
  /** Child criterion of the item's category, e.g. 'fabricated-content' under 'fraud'. */
  category: string;
  description: string;
  /** -2 (entirely false) … +2 (entirely true). */
  score: number;
}

export interface SeedFactcheck {
  _id: string;
  status: SeedFactcheckStatus;
  language: SeedFactcheckLanguage;
  /** _id of the Arabic original when this item is a translation. */
  translationOf?: string;
  author: string;
  mediaSource: string[];
  title: string;
  /** The claim in at most 75 characters (ClaimReview `claimReviewed`). */
  claimSummary?: string;
  description: string;
  content: string;
  claims: string;
  againstClaim: string;
  conclusion: string;
  category: SeedFactcheckCategory;
  evaluation: SeedFactcheckEvaluation[];
  topic: string[];
  country: string[];
  tags: string[];
  references: string;
  sources: string;
  publishedAt?: string;
  createdAt: string;
  hideClaimsTitle?: boolean;
  /**
   * Claim source addresses acknowledged as impossible to archive (the gate's `evidence` item):
   * the demo's pages live on example domains, which no archive can reach.
   */
  evidenceAcknowledged?: string[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const sourceById = new Map(mediaSources.map((m) => [m._id, m]));

/**
 * Completes an item for the publish gate (issue 33 §2), as a newsroom would before publishing: the
 * claim in 75 characters (`claimSummaries`), and the claim's appearances as links in `sources`:
 * the pages of the media sources that spread it (its `mediaSource`), each acknowledged as not
 * archivable.
 */
function withClaimEvidence(item: SeedFactcheck): SeedFactcheck {
  const appearances = item.mediaSource
    .map((id) => sourceById.get(id))
    .filter((m): m is (typeof mediaSources)[number] => Boolean(m?.link));
  const links = appearances.map((m) => m.link);
  const list = appearances
    .map((m) => `<li><a href="${escapeHtml(m.link)}">${escapeHtml(m.name)}</a></li>`)
    .join('');
  return {
    ...item,
    claimSummary: item.claimSummary ?? claimSummaries[item._id],
    sources: links.length ? `${item.sources}<ul>${list}</ul>` : item.sources,
    evidenceAcknowledged: [...new Set([...(item.evidenceAcknowledged ?? []), ...links])],
  };
}

/** 80 demo fact-checks: 66 Arabic, 8 English, 6 Turkish (10 of the latter are translations). */
export const factchecks: SeedFactcheck[] = [...factchecksAr, ...factchecksEn, ...factchecksTr].map(
  withClaimEvidence,
);
