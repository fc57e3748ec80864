// What the editors need of the rich text before its (heavy) widget has loaded: the field type name
// and the direction of the content being written.
import { createContext } from 'react';

export type ContentDir = 'rtl' | 'ltr';

/** The type name forms use: `{ type: RICH_TEXT_TYPE, name: 'content' }`. */
export const RICH_TEXT_TYPE = 'x-rich-text' as const;

/** The direction of the content being written (the record's language), default: the interface's. */
export const ContentDirectionContext = createContext<ContentDir | null>(null);
