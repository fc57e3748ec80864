// The attributes through which server-rendered public pages hand the site script (this folder)
// what it needs: pages are not hydrated (ADR 056), so there is no React state to read. Shared by
// the components that render them and the script that reads them; plain strings, no imports.

/** On <html>, once the site script has wired the page (CSS and browser tests wait for it). */
export const ENHANCED_ATTRIBUTE = 'data-enhanced';
/** The theme <select> of the header. */
export const THEME_SWITCH_ATTRIBUTE = 'data-theme-switch';
/** A published item's id: one read is counted per browser. */
export const READ_ID_ATTRIBUTE = 'data-read-id';
/** The "copy link" link; its value is the text shown once copied. */
export const COPY_LINK_ATTRIBUTE = 'data-copy-link';
/** On an item's image: the image shown when it fails to load. */
export const IMAGE_FALLBACK_ATTRIBUTE = 'data-fallback';
/** The comments section: the address the comments are about (and the number of posts, locale). */
export const COMMENTS_ATTRIBUTE = 'data-comments';
/** A social post's placeholder: the provider (`x`, `facebook`, `youtube`). */
export const EMBED_ATTRIBUTE = 'data-embed';
/** The check-a-claim form's live matches: the rating labels and texts, as JSON. */
export const TIP_MATCHES_ATTRIBUTE = 'data-tip-matches';
/** The contact form: its texts, as JSON. */
export const CONTACT_FORM_ATTRIBUTE = 'data-contact-form';
