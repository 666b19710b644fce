import { z } from 'zod';
import { settingsPatch, type Settings } from './settings';
import { operation, event, noInput } from '../operations';

/** What a native picker is for: the workspace folder, an extra CA certificate, a regression suite's folder, a traffic log to import. */
export const pathPurposeSchema = z.enum(['workspace-folder', 'ca-certificate', 'suite-folder', 'traffic-file']);
export type PathPurpose = z.output<typeof pathPurposeSchema>;

export const settingsOperations = {
  'settings:get': operation<Settings>()({
    example: {},
    input: noInput,
    doc: 'The current settings (theme, timeouts, history size, CA files, workspace folder). Never secret.',
  }),
  'settings:update': operation<Settings>()({
    input: settingsPatch,
    doc: 'Changes some settings and returns all of them. CA files are read and checked before they are trusted; the workspace folder must be an absolute path to an existing folder.',
  }),
  'settings:choose-path': operation<{ path: string | null }>()({
    example: { purpose: 'workspace-folder' },
    input: z.object({ purpose: pathPurposeSchema }).strict(),
    doc: 'Opens the native file or folder picker (desktop only) and returns the chosen path, or null when cancelled.',
  }),
} as const;

export const settingsEvents = {
  'settings:changed': event<Settings>('Settings changed, from this window or another.'),
} as const;
