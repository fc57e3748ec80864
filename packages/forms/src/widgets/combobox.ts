// What every Select of the form engine shares.

/**
 * The option list is made when it opens. Mantine keeps a closed Select's list in the page (hidden),
 * and positions it once when it mounts, reading the layout: in the fact-check editor, below four
 * long rich-text fields, that was ≈ 50 ms of forced layout on load. (aria-controls names the list
 * only while it is open, so nothing points at a missing element.)
 */
export const COMBOBOX_PROPS = { keepMounted: false } as const;
