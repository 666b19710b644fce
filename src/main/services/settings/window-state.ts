import { join } from 'node:path';
import { z } from 'zod';
import { JsonDocument } from '../storage';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
});
export const windowStateSchema = z.object({
  bounds: boundsSchema.optional(),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof windowStateSchema>;
export type Bounds = z.infer<typeof boundsSchema>;
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Remembers where the window was; a saved position off every screen is dropped. */
export class WindowStateStore {
  private readonly doc: JsonDocument<typeof windowStateSchema>;
  private timer: NodeJS.Timeout | undefined;

  constructor(dataDir: string) {
    this.doc = new JsonDocument({
      file: join(dataDir, 'window-state.json'),
      schema: windowStateSchema,
      version: 1,
      defaults: () => ({ maximized: false }),
    });
  }

  async load(screens: readonly Area[]): Promise<WindowState> {
    const { value } = await this.doc.load();
    if (value.bounds && !screens.some((s) => overlaps(s, value.bounds as Bounds))) {
      return { maximized: value.maximized };
    }
    return value;
  }

  /** Debounced: window moves fire many events. */
  saveSoon(state: WindowState, delayMs = 400): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.doc.save(state), delayMs);
  }

  async saveNow(state: WindowState): Promise<void> {
    clearTimeout(this.timer);
    await this.doc.save(state);
  }
}

function overlaps(a: Area, b: Area): boolean {
  const minVisible = 64;
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w >= minVisible && h >= minVisible;
}

export function roundBounds(b: Area): Bounds {
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.max(400, Math.round(b.width)), height: Math.max(300, Math.round(b.height)) };
}
