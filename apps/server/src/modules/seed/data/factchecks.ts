import { factchecksAr } from './factchecks-ar.ts';
import { factchecksEn } from './factchecks-en.ts';
import { factchecksTr } from './factchecks-tr.ts';

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
}

/** 80 demo fact-checks: 66 Arabic, 8 English, 6 Turkish (10 of the latter are translations). */
export const factchecks: SeedFactcheck[] = [...factchecksAr, ...factchecksEn, ...factchecksTr];
