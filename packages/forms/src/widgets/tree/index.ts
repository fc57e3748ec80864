import { TreeWidget } from './tree-widget.tsx';

export type { TreeNode, TreeOptionItem } from './tree-widget.tsx';
export { buildTree } from './tree-widget.tsx';
export { TreeWidget };
export default TreeWidget;
