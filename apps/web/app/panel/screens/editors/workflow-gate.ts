// The live publish-gate checklist of the fact-check editor (issue 33 §2): the form's values, as
// the save would send them, through @tabayyun/workflow's evaluatePublishGate, the very function the
// server refuses a publish with. This file only gathers its context (the criteria tree, the
// evidence archive, the newsroom's settings) and names the field each item is about.

import {
  type CriteriaCategory,
  evaluatePublishGate,
  GATE_ITEM_KEYS,
  GATE_ITEM_TEXTS,
  type GateItemKey,
  type SnapshotState,
} from '@tabayyun/workflow';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { usePanelLanguage, useTexts } from '../../i18n/i18n.tsx';
import { apiClient, type Doc } from '../../lib/api-client.ts';
import { panelBases } from '../../lib/bases.ts';
import { workflowSettingsQuery } from '../workflow-settings/workflow-settings-data.ts';
import { GATE_LABEL, WORKFLOW_SETTINGS_TEXTS } from '../workflow-settings/workflow-settings-texts.ts';
import { type ContentKind, formToRecord } from './content-forms.ts';
import { evidenceQuery } from './evidence-panel.tsx';
import type { GateCheck } from './workflow-state.ts';

/** The form field each gate item or warning is about (checklist links). */
const FIELD_OF: Record<string, string> = {
  category: 'category',
  claimReview: 'claimSummary',
  claimSummary: 'claimSummary',
  claimSource: 'sources',
  evidence: 'evidence',
  conclusion: 'conclusion',
  imageAlt: 'images',
  seoTitle: 'seo_title',
  seoDescription: 'seo_description',
};

interface CriteriaRow extends Doc {
  _id: string;
  parent?: string | null;
  name?: string;
  nameEn?: string | null;
  nameTr?: string | null;
  score?: number | null;
  ratingOrdinal?: number | null;
}

/** The criteria tree with what the rating needs (names in three languages, score, ordinal). */
const criteriaQuery = () => ({
  queryKey: ['list', 'category', 'criteria-for-gate'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await apiClient().list<CriteriaRow>(
        'category',
        {
          per_page: 500,
          select: '_id,parent,name,nameEn,nameTr,score,ratingOrdinal',
        },
        signal,
      )
    ).data.map(
      (c): CriteriaCategory => ({
        _id: c._id,
        parent: c.parent ?? null,
        name: c.name,
        nameEn: c.nameEn,
        nameTr: c.nameTr,
        score: c.score,
        ...(typeof c.ratingOrdinal === 'number' ? { ordinal: c.ratingOrdinal } : {}),
      }),
    ),
  staleTime: 5 * 60_000,
});

const normalisedUrl = (url: string): string => {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
};

/** The checklist for the form as it stands; `serverUnmet` marks what the server refused last. */
export function useGateChecks(
  kind: ContentKind,
  values: Record<string, unknown>,
  record: Doc | undefined,
  serverUnmet: string[],
): GateCheck[] {
  const { language } = usePanelLanguage();
  const labels = useTexts(WORKFLOW_SETTINGS_TEXTS);
  const isFactcheck = kind === 'factcheck';
  const settings = useQuery(workflowSettingsQuery());
  const criteria = useQuery({ ...criteriaQuery(), enabled: isFactcheck });
  const id = record?._id ? String(record._id) : '';
  const evidence = useQuery({ ...evidenceQuery(id), enabled: isFactcheck && Boolean(id) });
  return useMemo(() => {
    if (!isFactcheck || !criteria.data || !settings.data) return [];
    const doc = formToRecord(kind, values, record);
    const snapshots: Record<string, SnapshotState> = {};
    for (const entry of evidence.data?.data ?? []) {
      // The gate compares normalised addresses (linksOf): the same form here.
      if (entry.snapshot) snapshots[normalisedUrl(entry.url)] = entry.snapshot.status;
    }
    const origin = window.location.origin;
    const result = evaluatePublishGate(
      {
        ...doc,
        evidenceAcknowledged: record?.evidenceAcknowledged,
        translations: record?.translations,
        needsUpdate: record?.needsUpdate,
        publishedAt: record?.publishedAt,
      },
      {
        gate: settings.data.gate,
        categories: criteria.data,
        snapshots,
        publisher: { name: panelBases().productName, url: origin, logo: `${origin}/favicon.ico` },
        url: `${origin}/factcheck/${encodeURIComponent(String(doc.slug ?? record?.slug ?? id) || 'new')}`,
        language,
      },
    );
    const unmet = new Set<string>([...result.unmet.map((i) => i.key), ...serverUnmet]);
    const checks: GateCheck[] = GATE_ITEM_KEYS.map((key: GateItemKey) => {
      const off = key !== 'claimReview' && settings.data.gate[key] === false;
      return {
        key,
        message: GATE_ITEM_TEXTS[key][language],
        label: labels[GATE_LABEL[key]],
        level: 'error' as const,
        met: off || !unmet.has(key),
        ...(off ? { off } : {}),
        field: FIELD_OF[key] as string,
      };
    });
    for (const warning of result.warnings) {
      checks.push({
        key: warning.key,
        message: warning.message,
        level: 'warning',
        met: false,
        ...(FIELD_OF[warning.key] ? { field: FIELD_OF[warning.key] as string } : {}),
      });
    }
    return checks;
  }, [
    isFactcheck,
    criteria.data,
    settings.data,
    evidence.data,
    kind,
    values,
    record,
    id,
    language,
    serverUnmet,
    labels,
  ]);
}
