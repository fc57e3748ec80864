// /panel/tags/list: the tags taxonomy as a tree (taxonomy-screen.tsx).
import { COMMON_TEXTS } from '../../i18n/common.ts';
import { useTexts } from '../../i18n/i18n.tsx';
import { TAXONOMIES, TaxonomyScreen } from './taxonomy-screen.tsx';
import { TAXONOMY_TEXTS } from './taxonomy-texts.ts';

export default function TagsList() {
  const common = useTexts(COMMON_TEXTS);
  const t = useTexts(TAXONOMY_TEXTS);
  return <TaxonomyScreen kind={TAXONOMIES.tag} title={common.tags} createLabel={t.newTag} />;
}
