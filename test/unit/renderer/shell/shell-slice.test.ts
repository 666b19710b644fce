import { describe, expect, it } from 'vitest';
import { appForSuite, waitFor } from '../app-under-test';

describe('shell: the slice against main', () => {
  const app = appForSuite();

  it('boots with app info and settings, on Local demo', () => {
    expect(app.state().appInfo).toMatchObject({ transport: 'browser', localDemo: { state: 'ready' } });
    expect(app.state().settings?.theme).toBeDefined();
    expect(app.state().bootError).toBeNull();
  });

  it('keeps one notice per id, newest last, and dismisses by id', () => {
    app.state().pushNotice({ id: 'a', level: 'info', message: 'one' });
    app.state().pushNotice({ id: 'b', level: 'error', message: 'two' });
    app.state().pushNotice({ id: 'a', level: 'warning', message: 'one again' });
    expect(
      app
        .state()
        .notices.filter((n) => ['a', 'b'].includes(n.id))
        .map((n) => n.message),
    ).toEqual(['two', 'one again']);
    app.state().dismissNotice('b');
    expect(app.state().notices.some((n) => n.id === 'b')).toBe(false);
  });

  it('moves between areas and follows the theme in effect', async () => {
    app.state().setArea('compare');
    expect(app.state().area).toBe('compare');
    app.state().setEffectiveTheme('light');
    expect(app.state().effectiveTheme).toBe('light');
    await app.state().refreshInfo();
    expect(app.state().appInfo?.profiles.activeId).toBe('local-demo');
  });

  it('never lets an older answer undo newer settings: a theme answer that arrives after the next change is dropped', async () => {
    // Main's change events reach the store as they do in the app.
    const off = app.api.onSettingsChanged((settings) => app.state().applySettings(settings));
    await app.state().setTheme('light');
    const sentAt = app.state().settingsVersion();
    const old = app.state().settings!;
    // Another change lands (its event bumps the version) before the first answer is handled.
    await app.api.settings.update({ theme: 'dark' });
    await waitFor(app.store, (s) => s.settings?.theme === 'dark');
    app.state().applySettings(old, sentAt);
    expect(app.state().settings?.theme).toBe('dark');
    // An answer with nothing newer in between is applied.
    app.state().applySettings({ ...old, theme: 'system' }, app.state().settingsVersion());
    expect(app.state().settings?.theme).toBe('system');
    off();
  });

  it('a change event for an earlier update, arriving while a later one is on its way, does not put the screen back', async () => {
    const settings = app.api.settings as { update: typeof app.api.settings.update };
    const real = settings.update;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    settings.update = async (patch) => {
      await held;
      return real(patch);
    };
    try {
      const before = app.state().settings!;
      // A width is on its way to main, shown at once; main's event for an older state (the width before) comes in.
      const width = app.state().setPaneLayout('search', { widths: { builder: 616 }, collapsed: [] });
      expect(app.state().settings?.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: [] });
      app.state().applySettings({ ...before, paneLayouts: { ...before.paneLayouts, search: { widths: { builder: 640 }, collapsed: [] } } });
      expect(app.state().settings?.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: [] });
      release();
      await width;
      expect(app.state().settings?.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: [] });
      // With nothing on its way, main's events are shown again.
      app.state().applySettings({ ...before, theme: 'light' });
      expect(app.state().settings?.theme).toBe('light');
    } finally {
      settings.update = real;
    }
  });

  it('sends settings changes to main one after another, in the order they were made', async () => {
    // The api's channels are read-only to callers; the test holds one back on its way to main.
    const settings = app.api.settings as { update: typeof app.api.settings.update };
    const real = settings.update;
    const started: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first update is held before it reaches main; the second must not overtake it.
    settings.update = async (patch) => {
      const layout = patch.paneLayouts?.search;
      started.push(layout?.collapsed.length ? 'fold' : 'width');
      if (started.length === 1) await held;
      return real(patch);
    };
    try {
      const width = app.state().setPaneLayout('search', { widths: { builder: 616 }, collapsed: [] });
      const fold = app.state().setPaneLayout('search', { widths: { builder: 616 }, collapsed: ['inspectors'] });
      await Promise.resolve();
      expect(started).toEqual(['width']);
      release();
      await Promise.all([width, fold]);
      expect(started).toEqual(['width', 'fold']);
      const kept = await app.api.settings.get();
      expect(kept.ok && kept.value.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: ['inspectors'] });
    } finally {
      settings.update = real;
    }
  });

  it('never puts the screen back to an earlier update’s answer once a later change is on screen (a drag, a key, then a fold)', async () => {
    const settings = app.api.settings as { update: typeof app.api.settings.update };
    const real = settings.update;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let calls = 0;
    // The second update (the key's width) is held on its way back, after the first (the drag) has answered.
    settings.update = async (patch) => {
      const answer = await real(patch);
      if (++calls === 2) await held;
      return answer;
    };
    try {
      const drag = app.state().setPaneLayout('search', { widths: { builder: 640 }, collapsed: [] });
      const key = app.state().setPaneLayout('search', { widths: { builder: 616 }, collapsed: [] });
      await drag;
      // The drag's answer came back while the key's change was already on screen: the screen keeps the key's.
      expect(app.state().settings?.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: [] });
      // So a fold now is made from 616, and that is what main ends with.
      const layout = app.state().settings!.paneLayouts.search!;
      const fold = app.state().setPaneLayout('search', { ...layout, collapsed: ['inspectors'] });
      release();
      await Promise.all([key, fold]);
      const kept = await app.api.settings.get();
      expect(kept.ok && kept.value.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: ['inspectors'] });
      expect(app.state().settings?.paneLayouts.search).toEqual({ widths: { builder: 616 }, collapsed: ['inspectors'] });
    } finally {
      settings.update = real;
    }
  });
});
