import { blankFields } from '../../../../../src/renderer/src/features/profiles/profile-draft';
import { describe, expect, it } from 'vitest';
import { blankSide, kindBase, kindProblem, sideSpec } from '../../../../../src/renderer/src/features/compare/compare-state';
import { LOCAL_DEMO_ID } from '../../../../../src/shared/profiles';
import { appForSuite, waitFor } from '../../app-under-test';

describe('compare: pure parts', () => {
  it('builds a side from what the user typed: empty fields left out, the token defaulted, variables parsed', () => {
    expect(sideSpec(blankSide('A'), 'demo-token')).toEqual({ label: 'A', overrides: { token: 'demo-token' } });
    expect(
      sideSpec(
        {
          label: ' prod ',
          profileId: 'p1',
          token: '',
          configurationId: ' bestsellers ',
          filter: 'price < 100',
          variables: '{"segment":"vip"}',
        },
        'tok',
      ),
    ).toEqual({
      label: 'prod',
      profileId: 'p1',
      overrides: {
        token: 'tok',
        configurationId: 'bestsellers',
        options: { filter: 'price < 100' },
        context: { variables: { segment: 'vip' } },
      },
    });
    // Variables that are not usable are left out of the side (the side card says why).
    expect(sideSpec({ ...blankSide('B'), variables: '{"x": null}' }, 't').overrides).toEqual({ token: 't' });
    expect(sideSpec({ ...blankSide(''), token: 'own' }, 't')).toMatchObject({ label: 'side', overrides: { token: 'own' } });
  });
});

describe('compare: the slice against Local demo', () => {
  const app = appForSuite();

  it('sends both sides of one query and keeps each answer with its request', async () => {
    app.state().patchCompare({ query: 'jacket', limit: 10 });
    app.state().setSide('b', { configurationId: 'bestsellers' });
    await app.state().runComparison();
    const { answers } = app.state().compare;
    expect(answers.a).toMatchObject({ status: 'done', request: { query: 'jacket', options: { limit: 10 } } });
    expect(answers.b.request?.configurationId).toBe('bestsellers');
    expect(answers.b.result?.response.metadata.configurationId).toBe('bestsellers');
  });

  it('compares product suggest and autocomplete on both sides, each request of its kind; a missing grouping sends nothing', async () => {
    app.state().patchCompare({ kind: 'suggest', query: 'jacket', groupBy: { attribute: 'category', values: ' ', size: 3 } });
    expect(kindProblem(app.state().compare)).toEqual({ field: 'group-values', message: expect.stringContaining('category') });
    await app.state().runComparison();
    expect(app.state().compare.kindAnswers.a.status).toBe('idle');
    app.state().patchCompare({ groupBy: { attribute: 'category', values: 'Jackets, Hoodies', size: 3 } });
    await app.state().runComparison();
    const { a, b } = app.state().compare.kindAnswers;
    expect(a.request).toEqual({
      token: expect.any(String),
      query: 'jacket',
      options: { groupBy: { attribute: 'category', values: ['Jackets', 'Hoodies'], size: 3 } },
    });
    expect(b.request).toMatchObject({ configurationId: 'bestsellers' });
    expect(b.result?.kind === 'suggest' && b.result.response.groups.map((g) => g.value)).toEqual(['Jackets', 'Hoodies']);

    app.state().patchCompare({ kind: 'autocomplete', query: 'ru', numberOfSuggestions: 4 });
    expect(kindBase(app.state().compare)).toEqual({ options: { numberOfSuggestions: 4 } });
    await app.state().runComparison();
    const answered = app.state().compare.kindAnswers.b;
    expect(answered.request).toMatchObject({ query: 'ru', configurationId: 'bestsellers', options: { numberOfSuggestions: 4 } });
    expect(answered.result?.kind === 'autocomplete' && answered.result.response.suggestions.length).toBeLessThanOrEqual(4);
    // Search answers were left as they were.
    expect(app.state().compare.answers.a.request?.query).toBe('jacket');
    app.state().patchCompare({ kind: 'search' });
  });

  it('a failing side shows its error and no answer from an earlier query', async () => {
    app.state().setSide('b', { configurationId: 'no-such-configuration' });
    await app.state().runComparison();
    const { b } = app.state().compare.answers;
    expect(b.status).toBe('error');
    expect(b.result).toBeNull();
    expect(b.error?.message).toMatch(/configuration/i);
    app.state().setSide('b', { configurationId: 'bestsellers' });
  });

  it('pins a history entry as side A, swaps sides, and unpins', async () => {
    await app.state().loadHistory({ kind: 'search' });
    const entry = app.state().history.find((h) => h.ok)!;
    await app.state().pinFromHistory(entry.id);
    expect(app.state().compare).toMatchObject({
      pinnedA: true,
      answers: { a: { status: 'done', source: expect.stringContaining('History') } },
    });
    app.state().swapSides();
    expect(app.state().compare.pinnedA).toBe(false);
    app.state().unpin();
    expect(app.state().compare.answers.a.status).toBe('idle');
  });

  it('starts a batch, follows its progress events, opens a row side by side and exports it', async () => {
    const off = app.api.onCompareProgress((update) => app.state().applyBatchProgress(update));
    app.state().setSide('a', { profileId: LOCAL_DEMO_ID, configurationId: '' });
    const id = await app.state().startBatch([
      { query: 'jacket', line: 1 },
      { query: 'hoodie', line: 2 },
    ]);
    expect(id).not.toBeNull();
    await waitFor(app.store, (s) => s.compare.batch?.progress.status === 'done');
    const { sides } = app.state().compare;
    expect(app.state().compare.batch?.definition.name).toBe(`${sides.a.label} vs ${sides.b.label}`);
    await app.state().openBatchResult(0);
    expect(app.state().compare).toMatchObject({
      mode: 'single',
      query: 'jacket',
      answers: { a: { status: 'done' }, b: { status: 'done' } },
    });
    // Opening a batch while the list is read again (the Compare screen mounting): neither answer drops the other.
    app.state().closeBatch();
    await Promise.all([app.state().openBatch(id!), app.state().loadBatches()]);
    expect(app.state().compare.batch?.definition.id).toBe(id);
    expect(app.state().compare.batches.some((b) => b.id === id)).toBe(true);
    const csv = await app.state().exportBatch('csv');
    expect(csv?.content.split('\n').length).toBeGreaterThanOrEqual(3);
    await app.state().deleteBatch(id!);
    expect(app.state().compare.batch).toBeNull();
    off();
  });

  it('a stored batch row keeps the profile its sides ran against when the active profile changes', async () => {
    const off = app.api.onCompareProgress((update) => app.state().applyBatchProgress(update));
    app.state().setSide('a', { profileId: null, configurationId: '' });
    app.state().setSide('b', { profileId: null, configurationId: 'bestsellers' });
    const id = await app.state().startBatch([{ query: 'jacket', line: 1 }]);
    expect(id).not.toBeNull();
    await waitFor(app.store, (s) => s.compare.batch?.progress.status === 'done');
    expect(app.state().compare.batch?.definition.sides.a.profileId).toBe(LOCAL_DEMO_ID);
    const other = await app.state().createProfile({
      ...blankFields(1),
      name: 'Staging',
      searchUrl: 'https://staging.search.example.com',
    });
    expect(other).not.toBeNull();
    await app.state().switchProfile(other!.id);
    await app.state().openBatchResult(0);
    expect(app.state().compare.sides.a.profileId).toBe(LOCAL_DEMO_ID);
    expect(app.state().compare.sides.b.profileId).toBe(LOCAL_DEMO_ID);
    await app.state().switchProfile(LOCAL_DEMO_ID);
    await app.state().deleteBatch(id!);
    off();
  });

  it('says why a batch cannot start, as a notice', async () => {
    expect(await app.state().startBatch([])).toBeNull();
    expect(app.state().notices.find((n) => n.id === 'batch:start')?.message).toMatch(/query list is empty/);
  });
});
