import { join } from 'node:path';
import { settingsSchema, storedSettingsSchema, type Settings, type SettingsPatch } from '../../../shared/settings';
import { JsonDocument } from '../storage';
import type { Notice } from '../../../shared/app';

/** The user's preferences, one JSON file in the data folder. */
export class SettingsService {
  private readonly doc: JsonDocument<typeof storedSettingsSchema>;
  private current: Settings = settingsSchema.parse({});
  /** The saved-requests folder an earlier version had set, when this start migrated it. */
  private legacySavedRequestsDir: string | undefined;

  constructor(dataDir: string) {
    this.doc = new JsonDocument({
      file: join(dataDir, 'settings.json'),
      schema: storedSettingsSchema,
      version: 1,
      defaults: () => storedSettingsSchema.parse({}),
    });
  }

  async load(): Promise<Notice | undefined> {
    const outcome = await this.doc.load();
    const { savedRequestsDir, ...settings } = outcome.value;
    this.current = settings;
    if (savedRequestsDir !== undefined) {
      // The saved-requests folder became the workspace folder: a chosen folder stays the user's folder.
      this.legacySavedRequestsDir = savedRequestsDir;
      if (savedRequestsDir && !settings.workspaceDir) this.current = { ...settings, workspaceDir: savedRequestsDir };
      await this.doc.save(this.current);
    }
    return outcome.notice;
  }

  /** Set once, on the first start after the upgrade: the old saved-requests folder ('' for the default). */
  get migratedFrom(): string | undefined {
    return this.legacySavedRequestsDir;
  }

  get(): Settings {
    return structuredClone(this.current);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = settingsSchema.parse({ ...this.current, ...patch });
    await this.doc.save(next);
    this.current = next;
    return this.get();
  }
}
