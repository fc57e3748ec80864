import { useEffect } from 'react';
import { countReadOnce } from '../../lib/reads.ts';

/** Counts one read of a published item per browser (nothing for drafts or without JavaScript). */
export function ReadCounter({ id, isPublished }: { id: string; isPublished: boolean }) {
  useEffect(() => {
    void countReadOnce(id, { isPublished });
  }, [id, isPublished]);
  return null;
}
