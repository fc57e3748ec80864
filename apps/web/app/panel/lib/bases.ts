// Where the back office sends its calls (CONTRACT.md "Base paths"). The server may move each base;
// it then renders them into <meta name="tabayyun-panel"> (root.tsx), and the panel reads them here.
export interface PanelBases {
  api: string;
  auth: string;
  permissions: string;
  storage: string;
  productName: string;
}

export const DEFAULT_BASES: PanelBases = {
  api: '/api',
  auth: '/auth',
  permissions: '/permissions',
  storage: '/storage',
  productName: 'Tabayyun',
};

export const BASES_META_NAME = 'tabayyun-panel';

let cached: PanelBases | undefined;

export function panelBases(): PanelBases {
  if (cached) return cached;
  let fromServer: Partial<PanelBases> = {};
  if (typeof document !== 'undefined') {
    const content = document.querySelector(`meta[name="${BASES_META_NAME}"]`)?.getAttribute('content');
    try {
      if (content) fromServer = JSON.parse(content) as Partial<PanelBases>;
    } catch {
      fromServer = {};
    }
  }
  cached = { ...DEFAULT_BASES, ...fromServer };
  return cached;
}
