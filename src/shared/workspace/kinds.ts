import { isWorkspaceFileName, WORKSPACE_FILE_NAME, WORKSPACE_FILE_RULE, workspaceFileSchema } from '../operations';

export { isWorkspaceFileName, WORKSPACE_FILE_NAME, WORKSPACE_FILE_RULE, workspaceFileSchema };

/**
 * The workspace folder: the user's work as plain files a team can review in
 * git, one subfolder per kind. Every file is JSON with a `format` and a
 * `version` (./canonical-json writes them), so the app recognises its own
 * files and leaves everything else alone.
 */
export const WORKSPACE_KINDS = ['requests', 'query-sets', 'judgments', 'experiments', 'ab-tests'] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

export const WORKSPACE_FORMATS: Record<WorkspaceKind, string> = {
  requests: 'search-workbench-request',
  'query-sets': 'search-workbench-query-set',
  judgments: 'search-workbench-judgments',
  experiments: 'search-workbench-experiment',
  'ab-tests': 'search-workbench-ab-test',
};

export const KIND_LABELS: Record<WorkspaceKind, string> = {
  requests: 'Requests',
  'query-sets': 'Query sets',
  judgments: 'Judgment lists',
  experiments: 'Experiments',
  'ab-tests': 'A/B tests',
};

/** One file of the workspace as the panel lists it. */
export interface WorkspaceItem {
  kind: WorkspaceKind;
  /** The file name inside the kind's folder (never a path). */
  file: string;
  name: string;
  /** What it holds, in a few words ("120 queries", "1,340 ratings on 98 queries"). */
  summary?: string;
  /** A query set whose queries carry how often shoppers searched them (sampled from traffic): "by searches" weighs by it. */
  weighted?: boolean;
  updatedAt?: string;
  /** Set when the file is not one of the app's own (or does not parse): it is listed and left alone. */
  problem?: string;
}

export interface WorkspaceListing {
  folder: string;
  items: Record<WorkspaceKind, WorkspaceItem[]>;
}

/** A file name for a new item: the name lower-cased, accents dropped, anything else a dash. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'item';
}
