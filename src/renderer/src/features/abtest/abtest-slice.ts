import { AB_READING_DEFAULTS, type AbReading, type AbTest, notStarted } from '@shared/abtest';
import type { AbPlanView, AbReadoutView } from '@shared/abtest';
import { workbench } from '../../bridge';
import { type CallState, idleCall, lensAt, runCall } from '../../request-ui/lifecycle';
import type { HostedSliceCreator } from '../../store/slice';

/** How a test is read and planned: the metric, clicks in the first k, the minimum effect (relative) and alpha. */
/** How the screen reads and plans the test: the core's reading, its defaults first. */
export type AbSettings = AbReading;

export interface AbTestState {
  /** The open test's file and the test; null: the panel is closed. */
  file: string | null;
  test: AbTest | null;
  /** The editor's starting point: the open test, a new one, or closed. */
  editing: { draft: AbTest; file: string | null } | null;
  settings: AbSettings;
  load: CallState<AbTest>;
  readout: CallState<AbReadoutView>;
  plan: CallState<AbPlanView>;
  save: CallState<{ file: string; warnings: string[] }>;
}

export interface AbTestSlice {
  abtest: AbTestState;
  /** Opens a test of the workspace: its variation lookup, its readout from the traffic and its plan. */
  openAbTest: (file: string) => Promise<void>;
  closeAbTest: () => void;
  /** Opens the editor on a test (the open one, or a new one when none is given). */
  editAbTest: (draft?: { test: AbTest; file: string | null }) => void;
  closeAbEditor: () => void;
  /** Saves the editor's test (over its file, or as a new one) and opens it; false when it was refused. */
  saveAbTest: (test: AbTest) => Promise<boolean>;
  readAbTest: () => Promise<void>;
  planAbTest: () => Promise<void>;
  setAbSettings: (patch: Partial<AbSettings>) => Promise<void>;
}

/** A new test's starting point: two variations at 50%, from today. */
export function newAbTest(today = new Date().toISOString().slice(0, 10)): AbTest {
  return {
    id: 'new-test',
    name: 'New test',
    variations: [
      { id: 'control', weight: 50 },
      { id: 'variant', weight: 50 },
    ],
    start: today,
  };
}

/** What the A/B tests use of the screen that hosts them (Workspace): its listing, read again after a test is saved. */
export interface AbTestHost {
  loadWorkspace: () => Promise<void>;
}

export const createAbTestSlice: HostedSliceCreator<AbTestSlice, AbTestHost> = (set, get) => {
  const patch = (p: Partial<AbTestState>) => set({ abtest: { ...get().abtest, ...p } });
  const readout = lensAt(() => get().abtest, patch, 'readout');
  const plan = lensAt(() => get().abtest, patch, 'plan');
  const read = async () => {
    const { file, settings, test } = get().abtest;
    // A test not started yet has nothing to read: the panel says so, and the planner speaks.
    if (!file || !test || notStarted(test)) return;
    await runCall(readout, { scope: 'abtest-readout', send: () => workbench().abtest.readout({ file, ...settings }), accept: (v) => v });
  };
  const planned = async () => {
    const { file, settings } = get().abtest;
    if (!file) return;
    await runCall(plan, { scope: 'abtest-plan', send: () => workbench().abtest.plan({ file, ...settings }), accept: (v) => v });
  };
  return {
    abtest: {
      file: null,
      test: null,
      editing: null,
      settings: { ...AB_READING_DEFAULTS },
      load: idleCall(),
      readout: idleCall(),
      plan: idleCall(),
      save: idleCall(),
    },
    openAbTest: async (file) => {
      patch({ file, test: null, editing: null, readout: idleCall(), plan: idleCall(), save: idleCall() });
      const outcome = await runCall(
        lensAt(() => get().abtest, patch, 'load'),
        {
          scope: 'abtest-load',
          send: () => workbench().abtest.read({ file }),
          accept: (v) => v,
        },
      );
      if (outcome.kind !== 'done' || get().abtest.file !== file) return;
      patch({ test: outcome.value });
      await Promise.all([read(), planned()]);
    },
    closeAbTest: () => patch({ file: null, test: null, editing: null, readout: idleCall(), plan: idleCall(), load: idleCall() }),
    editAbTest: (draft) => {
      const { test, file } = get().abtest;
      patch({
        editing: draft ? { draft: draft.test, file: draft.file } : test ? { draft: test, file } : { draft: newAbTest(), file: null },
        save: idleCall(),
      });
    },
    closeAbEditor: () => patch({ editing: null, save: idleCall() }),
    saveAbTest: async (test) => {
      const target = get().abtest.editing?.file ?? undefined;
      const outcome = await runCall(
        lensAt(() => get().abtest, patch, 'save'),
        {
          scope: 'abtest-save',
          send: () => workbench().abtest.save({ ...(target ? { file: target } : {}), test }),
          accept: (v) => v,
        },
      );
      if (outcome.kind !== 'done') return false;
      const saved = get().abtest.save;
      await get().loadWorkspace();
      await get().openAbTest(outcome.value.file);
      // The warnings stay in sight with the test they concern.
      patch({ save: saved });
      return true;
    },
    readAbTest: read,
    planAbTest: planned,
    setAbSettings: async (p) => {
      patch({ settings: { ...get().abtest.settings, ...p } });
      await Promise.all([read(), planned()]);
    },
  };
};
