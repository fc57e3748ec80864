/** Creates an element with attributes (undefined ones left out) and children. */
export function element(
  name: string,
  attributes: Record<string, string | undefined> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const created = document.createElement(name);
  for (const [key, value] of Object.entries(attributes))
    if (value !== undefined) created.setAttribute(key, value);
  created.append(...children);
  return created;
}
