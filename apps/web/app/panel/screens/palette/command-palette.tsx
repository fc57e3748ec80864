// The command palette (Ctrl/Cmd+K): to be built. The shell renders the button in the top bar and
// the palette once.
export function CommandPaletteButton() {
  return null;
}

export function CommandPalette() {
  return null;
}
