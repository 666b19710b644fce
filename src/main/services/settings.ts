import { join } from 'node:path';
import { settingsSchema, type Settings, type SettingsPatch } from '../../shared/settings';
import { JsonDocument } from './storage/json-document';
import type { Notice } from '../../shared/ipc/contract';

/** The user's preferences, one JSON file in the data folder. */
export class SettingsService {
  private readonly doc: JsonDocument<typeof settingsSchema>;
  private current: Settings = settingsSchema.parse({});

  constructor(dataDir: string) {
    this.doc = new JsonDocument({
      file: join(dataDir, 'settings.json'),
      schema: settingsSchema,
      version: 1,
      defaults: () => settingsSchema.parse({}),
    });
  }

  async load(): Promise<Notice | undefined> {
    const outcome = await this.doc.load();
    this.current = outcome.value;
    return outcome.notice;
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
