// The `tree` widget: options as an expandable tree (flat items with `parent`, or nested `children`);
// select one, or many with `inputs.multiple`.
import { ActionIcon, Checkbox, Group, Radio, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type ControlAria, FieldShell } from '../../engine/field-shell.tsx';
import { translate } from '../../i18n/texts.ts';
import type { OptionItem, WidgetProps } from '../../types.ts';
import { isSameValue } from '../autocomplete/use-options.ts';

/** An option with nested children, or a flat one pointing at its parent's value. */
export interface TreeOptionItem extends OptionItem {
  parent?: unknown;
  children?: TreeOptionItem[];
}

export interface TreeNode {
  item: TreeOptionItem;
  path: string;
  children: TreeNode[];
}

/** Builds the node tree from nested `children`, or from flat items' `parent` values. */
export function buildTree(items: TreeOptionItem[]): TreeNode[] {
  const hasNested = items.some((item) => Array.isArray(item.children));
  if (hasNested) {
    const walk = (list: TreeOptionItem[], prefix: string): TreeNode[] =>
      list.map((item, index) => ({
        item,
        path: `${prefix}${index}`,
        children: walk(item.children ?? [], `${prefix}${index}.`),
      }));
    return walk(items, '');
  }
  const isRoot = (item: TreeOptionItem) =>
    item.parent === undefined ||
    item.parent === null ||
    item.parent === '' ||
    !items.some((other) => isSameValue(other.value, item.parent));
  const childrenOf = (parent: TreeOptionItem, prefix: string, seen: Set<TreeOptionItem>): TreeNode[] =>
    items
      .filter((item) => !seen.has(item) && !isRoot(item) && isSameValue(item.parent, parent.value))
      .map((item, index) => {
        const path = `${prefix}${index}`;
        return { item, path, children: childrenOf(item, `${path}.`, new Set(seen).add(item)) };
      });
  return items.filter(isRoot).map((item, index) => ({
    item,
    path: String(index),
    children: childrenOf(item, `${index}.`, new Set([item])),
  }));
}

function Chevron({ isOpen, dir }: { isOpen: boolean; dir: 'rtl' | 'ltr' }): ReactNode {
  const rotation = isOpen ? 90 : dir === 'rtl' ? 180 : 0;
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      style={{ transform: `rotate(${rotation}deg)` }}
    >
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function TreeControl({
  control,
  field,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  readOnly,
  dir,
  locale,
}: WidgetProps<unknown> & { control: ControlAria }): ReactNode {
  const items = (field.inputs?.items ?? []) as TreeOptionItem[];
  const isMultiple = field.inputs?.multiple === true;
  const nodes = buildTree(items);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const selectedValues = isMultiple ? (Array.isArray(value) ? value : []) : [value];
  const isSelected = (item: TreeOptionItem) =>
    selectedValues.some(
      (selected) => selected !== null && selected !== undefined && isSameValue(selected, item.value),
    );
  const isInteractive = !disabled && !readOnly;

  const toggleSelected = (item: TreeOptionItem) => {
    if (!isInteractive) return;
    if (!isMultiple) {
      onChange(isSelected(item) ? null : item.value);
      return;
    }
    const current = Array.isArray(value) ? value : [];
    onChange(
      isSelected(item)
        ? current.filter((selected) => !isSameValue(selected, item.value))
        : [...current, item.value],
    );
  };
  const toggleExpanded = (path: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const renderNodes = (list: TreeNode[], level: number): ReactNode =>
    list.map((node) => {
      const hasChildren = node.children.length > 0;
      const isOpen = expanded.has(node.path);
      const selected = isSelected(node.item);
      const control = isMultiple ? (
        <Checkbox
          checked={selected}
          disabled={disabled}
          readOnly={readOnly}
          onChange={() => toggleSelected(node.item)}
          label={node.item.display}
        />
      ) : (
        <Radio
          checked={selected}
          disabled={disabled}
          readOnly={readOnly}
          onChange={() => undefined}
          onClick={() => toggleSelected(node.item)}
          label={node.item.display}
        />
      );
      return (
        <div
          key={node.path}
          role="treeitem"
          tabIndex={-1}
          aria-level={level}
          aria-selected={selected}
          aria-expanded={hasChildren ? isOpen : undefined}
        >
          <Group gap={4} wrap="nowrap" py={2}>
            {hasChildren ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${node.item.display}`}
                onClick={() => toggleExpanded(node.path)}
              >
                <Chevron isOpen={isOpen} dir={dir} />
              </ActionIcon>
            ) : (
              <span style={{ width: 22, display: 'inline-block' }} />
            )}
            {control}
          </Group>
          {hasChildren && isOpen ? (
            // biome-ignore lint/a11y/useSemanticElements: a tree's subtree is a list with role group (WAI-ARIA tree pattern)
            <div role="group" style={{ paddingInlineStart: 24 }}>
              {renderNodes(node.children, level + 1)}
            </div>
          ) : null}
        </div>
      );
    });

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-readonly and aria-invalid are valid on role tree
    <div
      {...control}
      dir={dir}
      role="tree"
      tabIndex={-1}
      aria-multiselectable={isMultiple || undefined}
      aria-disabled={disabled || undefined}
      aria-readonly={readOnly || undefined}
      aria-invalid={Boolean(error)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur();
      }}
    >
      {nodes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {translate(locale, 'noItemsFound')}
        </Text>
      ) : (
        renderNodes(nodes, 1)
      )}
    </div>
  );
}

export function TreeWidget(props: WidgetProps<unknown>): ReactNode {
  return (
    <FieldShell widget={props} group>
      {(control) => <TreeControl {...props} control={control} />}
    </FieldShell>
  );
}
