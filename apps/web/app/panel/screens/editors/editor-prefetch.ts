// The editors' route loader (ADR 024, ADR 026): what an editor needs starts with the route instead
// of after the screen has drawn: the record, the pick lists, the rich text's code (tiptap and
// ProseMirror, ~140 KB, which the form would otherwise ask for only when its first rich-text field
// draws) and the code of the form's other widgets that load on first use (selects, files, the
// evaluation table). Nothing is awaited; the screen reads the same queries.
import { preloadWidgets } from '@tabayyun/forms';
import type { ClientLoaderFunctionArgs } from 'react-router';
import { panelQueryClient } from '../../lib/query-client.ts';
import { sessionManager } from '../../lib/session.ts';
import { type ContentKind, categoriesQuery, namedRecordsQuery } from '../content/content-data.ts';
import { EDITOR_FIELD_TYPES } from './content-forms.ts';
import { activeAuthorsQuery, criteriaQuery } from './editor-data.ts';
import { recordQuery } from './record-query.ts';

export function prefetchEditor(kind: ContentKind, { params }: ClientLoaderFunctionArgs): null {
  // The record first: the browser has six connections to the server, and the code below is ~25 files.
  // Without a session the layout sends the visitor to sign in; a 401 must not stay in the cache.
  if (sessionManager().hasSession()) {
    const client = panelQueryClient();
    if (params.id && params.id !== 'new') void client.prefetchQuery(recordQuery(kind, params.id));
    void client.prefetchQuery(categoriesQuery());
    void client.prefetchQuery(activeAuthorsQuery());
    if (kind === 'factcheck') {
      void client.prefetchQuery(criteriaQuery());
      void client.prefetchQuery(namedRecordsQuery('media-source'));
    }
  }
  void import('../../components/rich-text/rich-text-widget.tsx');
  void preloadWidgets(EDITOR_FIELD_TYPES);
  return null;
}
