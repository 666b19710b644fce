import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_FILES } from '../../../../../src/main/services/demo/demo-workspace';
import { appForSuite, waitFor } from '../../app-under-test';

describe('judging: the slice against main, on the demo workspace', () => {
  const app = appForSuite({ items: 3000, demoWorkspace: true });

  it('makes a list active (kept in settings), shows its ratings, rates, and undoes', async () => {
    await app.state().loadWorkspace();
    expect(app.state().workspaceList.result?.items.judgments.map((i) => i.file)).toEqual([DEMO_FILES.judgments]);
    await app.state().setActiveJudgments(DEMO_FILES.judgments);
    expect(app.core.settings.get().activeJudgments).toBe(DEMO_FILES.judgments);
    const active = app.state().activeRatings.result!;
    expect(active).toMatchObject({ file: DEMO_FILES.judgments, name: 'Demo judgments', scale: { max: 3, threshold: 2 } });
    const [, jacket] = [...active.index.entries()].find(([key]) => key === 'rain jacket')!;
    const [itemId, rating] = [...jacket.ratings.entries()][0]!;
    expect(app.state().ratingOf('Rain  Jacket', itemId)).toBe(rating);

    const next = rating === 3 ? 0 : 3;
    expect(await app.state().rateItem('rain jacket', itemId, next)).toBe(true);
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(next);
    const onDisk = async () =>
      (
        JSON.parse(await readFile(join(app.core.services.workspace.kindFolder('judgments'), DEMO_FILES.judgments), 'utf8')) as {
          ratings: { query: string; itemId: string; rating: number }[];
        }
      ).ratings.find((r) => r.query === 'rain jacket' && r.itemId === itemId);
    expect((await onDisk())?.rating).toBe(next);
    await app.state().undoRating();
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(rating);
    expect((await onDisk())?.rating).toBe(rating);

    // Undo pressed while the rating is still being saved takes back that rating, not an older one.
    const saving = app.state().rateItem('rain jacket', itemId, next);
    const undone = await app.state().undoRating();
    expect(await saving).toBe(true);
    expect(undone).toMatchObject({ query: 'rain jacket', itemId, rating: next, previous: rating });
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(rating);
    expect((await onDisk())?.rating).toBe(rating);

    // Above the scale: refused by main, and the screen shows what the file holds.
    expect(await app.state().rateItem('rain jacket', itemId, 7)).toBe(false);
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(rating);
    expect(app.state().notices.find((n) => n.id === 'judgments:rate')?.message).toMatch(/7 is above this list's maximum rating 3/);
  });

  it('pools the demo experiment’s run, rates and skips in the queue, and the quality figures follow', async () => {
    await app.state().openQueue(DEMO_FILES.experiment);
    expect(app.state().queue.error?.message).toMatch(/has not been run yet: Run it first/);

    const run = await app.state().runExperiment(DEMO_FILES.experiment);
    expect(run).not.toBeNull();
    await app.core.services.compare.finished(run!.id);
    await app.state().openQueue(DEMO_FILES.experiment);
    const queue = app.state().queue.result!;
    expect(queue.experiment).toMatchObject({
      name: 'Demo: default vs new-arrivals',
      batchId: run!.id,
      judgments: { file: DEMO_FILES.judgments },
    });
    // The demo list leaves the multi-attribute queries unjudged: those are the work.
    expect(queue.queries.length).toBeGreaterThan(0);
    expect(queue.rated).toBeLessThan(queue.total);
    const first = queue.queries[0]!;
    expect(first.note).toMatch(/^Exactly this: /);
    expect(first.items.every((i) => i.item?.product?.title)).toBe(true);
    const before = await waitFor(app.store, (s) => s.queueQuality.status === 'done');
    const pairedBefore = before.queueQuality.result!.paired;

    const [one, two] = first.items;
    expect(await app.state().rateInQueue(first.query, one!.id, 3)).toBe(true);
    expect(app.state().queue.result!.rated).toBe(queue.rated + 1);
    expect(app.state().queue.result!.queries[0]!.items.map((i) => i.id)).not.toContain(one!.id);
    // A query with a relevant rating is judged now: one more paired query.
    const after = await waitFor(app.store, (s) => s.queueQuality.status === 'done' && s.queueQuality.result!.paired === pairedBefore + 1);
    expect(after.queueQuality.result!.paired).toBe(pairedBefore + 1);

    await app.state().skipInQueue(first.query, two!.id);
    expect(app.state().queue.result!.queries[0]!.items.at(-1)).toMatchObject({ id: two!.id, skipped: true });
    // Skips are kept: pooling again puts it last still.
    await app.state().openQueue(DEMO_FILES.experiment);
    expect(app.state().queue.result!.queries[0]!.items.at(-1)).toMatchObject({ id: two!.id, skipped: true });

    expect(await app.state().setQueryNote(first.query, 'A black waterproof jacket for women.')).toBe(true);
    expect(app.state().queue.result!.queries[0]!.note).toBe('A black waterproof jacket for women.');
    const set = await app.api.querySets.read({ file: DEMO_FILES.querySet });
    expect(set.ok && set.value.queries.find((q) => q.query === first.query)?.note).toBe('A black waterproof jacket for women.');

    // Undo a rating given in the queue: the item comes back to it.
    await app.state().undoRating();
    expect(app.state().queue.result!.queries[0]!.items.map((i) => i.id)).toContain(one!.id);
    expect(app.state().queue.result!.rated).toBe(queue.rated);
  });
  it('the queue opened while a rating is being saved (rated on Search, then Judge) leaves that item out', async () => {
    await app.state().openQueue(DEMO_FILES.experiment);
    const first = app.state().queue.result!.queries[0]!;
    const item = first.items.find((i) => !i.skipped)!;
    const saving = app.state().rateItem(first.query, item.id, 1, DEMO_FILES.judgments);
    const opening = app.state().openQueue(DEMO_FILES.experiment);
    expect(await saving).toBe(true);
    await opening;
    const offered = app.state().queue.result!.queries.flatMap((q) => q.items.map((i) => `${q.query}/${i.id}`));
    expect(offered).not.toContain(`${first.query}/${item.id}`);
    await app.state().undoRating();
  });

  it('the item drawer opened while a rating is being saved reads that rating, and reads again when one changes', async () => {
    await app.state().setActiveJudgments(DEMO_FILES.judgments);
    const [, jacket] = [...app.state().activeRatings.result!.index.entries()].find(([key]) => key === 'rain jacket')!;
    const [itemId, rating] = [...jacket.ratings.entries()][0]!;
    const next = rating === 2 ? 1 : 2;
    const demoRating = () => app.state().itemRatings.result?.find((r) => r.file === DEMO_FILES.judgments)?.rating;

    // Rated and opened at once, as a key press then a click: the drawer must not read the file before the save.
    const saving = app.state().rateItem('rain jacket', itemId, next);
    app.state().openItem({ item: { id: itemId, score: 1 }, query: 'rain jacket', placements: [] });
    await saving;
    await waitFor(app.store, (s) => s.itemRatings.status === 'done');
    expect(demoRating()).toBe(next);

    // Taken back while the drawer is open: the drawer reads it again.
    await app.state().undoRating();
    app.state().reloadItemRatings();
    await waitFor(app.store, (s) => s.itemRatings.status === 'done' && demoRating() === rating);
    app.state().closeItem();
    expect(app.state().itemRatings.status).toBe('idle');
  });
  it('a rating given while a list is being chosen goes into that list, and the list read meanwhile does not hide it', async () => {
    await app.state().setActiveJudgments(DEMO_FILES.judgments);
    const [, jacket] = [...app.state().activeRatings.result!.index.entries()].find(([key]) => key === 'rain jacket')!;
    const [itemId, rating] = [...jacket.ratings.entries()][0]!;
    const next = rating === 3 ? 2 : 3;
    await app.state().setActiveJudgments('');
    expect(app.state().activeRatings.result).toBeNull();

    // Chosen, and a key pressed before the list has been read: as a fast hand does it.
    const choosing = app.state().setActiveJudgments(DEMO_FILES.judgments);
    const rated = app.state().rateItem('rain jacket', itemId, next);
    expect(await rated).toBe(true);
    await choosing;
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(next);
    await app.state().loadActiveRatings();
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(next);
    await app.state().undoRating();
    expect(app.state().ratingOf('rain jacket', itemId)).toBe(rating);
  });
});
