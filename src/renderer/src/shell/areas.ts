import {
  Database,
  FolderGit2,
  GitCompareArrows,
  KeyRound,
  LayoutGrid,
  Link2,
  Search,
  Settings,
  ShoppingCart,
  Split,
  TextCursorInput,
  type LucideIcon,
} from 'lucide-react';

export type AreaId =
  | 'search'
  | 'compare'
  | 'suggest'
  | 'autocomplete'
  | 'url-tools'
  | 'catalog'
  | 'profiles'
  | 'workspace'
  | 'shoppers'
  | 'tests'
  | 'settings';

export interface Area {
  id: AreaId;
  label: string;
  /** One line under the title: what the area is for. */
  purpose: string;
  icon: LucideIcon;
}

/** The workbench areas in navigation order; Ctrl/Cmd+1…9 and then 0 follow this order (Settings: Ctrl/Cmd+,). */
export const AREAS: readonly Area[] = [
  { id: 'search', label: 'Search', purpose: 'Build a search request, see results with scores, facets and sort order.', icon: Search },
  { id: 'compare', label: 'Compare', purpose: 'Send the same queries to two sides and measure what moved.', icon: GitCompareArrows },
  { id: 'suggest', label: 'Suggest', purpose: 'Preview grouped product suggestions per attribute value.', icon: LayoutGrid },
  { id: 'autocomplete', label: 'Autocomplete', purpose: 'Test query suggestions as a shopper types.', icon: TextCursorInput },
  { id: 'url-tools', label: 'URL tools', purpose: 'Turn a customer’s search URL or cURL into the exact request, and back.', icon: Link2 },
  { id: 'catalog', label: 'Catalog', purpose: 'The active item catalog, its attribute schema and the token behind it.', icon: Database },
  { id: 'profiles', label: 'Profiles', purpose: 'Environments, search tokens and service-account credentials.', icon: KeyRound },
  {
    id: 'workspace',
    label: 'Workspace',
    purpose: 'Saved requests, query sets, judgment lists and experiments: plain files in one folder.',
    icon: FolderGit2,
  },
  {
    id: 'shoppers',
    label: 'Shoppers',
    purpose: 'What shoppers searched, clicked and bought: the figures by day, each query, worklists and ratings from clicks.',
    icon: ShoppingCart,
  },
  {
    id: 'tests',
    label: 'Tests',
    purpose: 'The storefront’s A/B tests: which variation a customer got, the readout from the traffic, and the planner.',
    icon: Split,
  },
  { id: 'settings', label: 'Settings', purpose: 'Theme, timeouts, history, certificates and the workspace folder.', icon: Settings },
];

export function areaById(id: AreaId): Area {
  return AREAS.find((a) => a.id === id) ?? (AREAS[0] as Area);
}
