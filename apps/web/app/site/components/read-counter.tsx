import { READ_ID_ATTRIBUTE } from '../enhance/markers.ts';

/**
 * Marks a published item for the site script (site/enhance), which counts one read per browser;
 * nothing for drafts, nothing without JavaScript.
 */
export function ReadCounter({ id, isPublished }: { id: string; isPublished: boolean }) {
  return isPublished ? <span hidden {...{ [READ_ID_ATTRIBUTE]: id }} /> : null;
}
