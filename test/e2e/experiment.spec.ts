import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, openArea, shootThemes, test, SMOKE } from './fixtures';

const QUERIES = [
  'running shoe',
  'trail shoe',
  'sneaker',
  'hiking boots',
  'jacket',
  'rain jacket',
  'dress',
  'jeans',
  'hoodie',
  'sweater',
  'coat',
  'shirt',
  'backpack',
  'fleece',
  'leggings',
  'shorts',
  'socks',
  'parka',
  'scarf',
  'boots',
];
/** A query the demo catalog has nothing for: empty on both sides. */
const NOTHING = 'qqxz zzyv';

/** The first ten ids each configuration answers for a query, through the app's own bridge (as the app sends them). */
async function rankings(page: Page, query: string): Promise<{ a: string[]; b: string[] }> {
  return page.evaluate(async (q) => {
    const profiles = await window.workbench.profiles.list();
    if (!profiles.ok) throw new Error(profiles.error.message);
    const token = profiles.value.profiles.find((p) => p.id === profiles.value.activeId)!.searchTokens[0]!.token;
    const ids = async (configurationId?: string) => {
      const run = await window.workbench.search.run({
        requestId: `e2e-${q}-${configurationId ?? 'default'}`,
        kind: 'search',
        transport: 'post',
        record: false,
        request: { query: q, token, ...(configurationId ? { configurationId } : {}), options: { offset: 0, limit: 10 } },
      });
      if (!run.ok) throw new Error(run.error.message);
      return run.value.kind === 'search' ? (run.value.response.items ?? []).map((i) => String(i.id)) : [];
    };
    return { a: await ids(), b: await ids('bestsellers') };
  }, query);
}

test(
  'experiment: a query set on two configurations against judgments, with quality, significance and both-empty queries',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;

    // Judgments that favour B on graded relevance but not on the first relevant rank: each side's own top item is
    // rated 3 (so both sides have a relevant item first: RR ties everywhere), and B's next four are rated 2.
    const lines = ['query,docid,rating'];
    let judged = 0;
    let empty = 1; // NOTHING
    for (const query of QUERIES) {
      const { a, b } = await rankings(page, query);
      if (a.length === 0 && b.length === 0) empty++;
      if (a.length < 5 || b.length < 5) continue;
      judged++;
      const rated = new Map<string, number>([
        [a[0]!, 3],
        [b[0]!, 3],
      ]);
      for (const id of b.slice(1, 5)) if (!rated.has(id)) rated.set(id, 2);
      for (const [id, rating] of rated) lines.push(`${query},${id},${rating}`);
    }
    expect(judged).toBeGreaterThanOrEqual(15);

    await openArea(page, 'Workspace');
    const querySets = page.getByRole('region', { name: 'Query sets' });
    await querySets.getByRole('button', { name: 'New' }).click();
    await querySets.getByLabel('Query set name').fill('Apparel');
    await querySets.getByLabel('Queries, one per line (or CSV with a query column)').fill([...QUERIES, NOTHING].join('\n'));
    await querySets.getByRole('button', { name: 'Create query set' }).click();
    await expect(querySets.getByText(`apparel.json · ${QUERIES.length + 1} queries`)).toBeVisible();

    const judgments = page.getByRole('region', { name: 'Judgment lists' });
    await judgments.getByRole('button', { name: 'New' }).click();
    await judgments.getByLabel('Judgment list name').fill('Apparel ratings');
    await judgments
      .getByTestId('judgments-file')
      .setInputFiles({ name: 'apparel.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await expect(judgments.getByRole('listitem').filter({ hasText: 'apparel-ratings.json' })).toContainText(
      `on ${judged} queries · scale 0–3`,
    );

    const experiments = page.getByRole('region', { name: 'Experiments' });
    await experiments.getByRole('button', { name: 'New', exact: true }).click();
    const form = experiments.getByRole('form', { name: 'New experiment' });
    await form.getByLabel('Experiment name').fill('Bestsellers trial');
    await expect(form.getByLabel('Query set')).toHaveValue('apparel.json');
    await expect(form.getByLabel('Judgment list')).toHaveValue('apparel-ratings.json');
    // Fewer items per query than k: the run raises it, and says so.
    await form.getByLabel('Items per query').fill('5');
    await expect(form).toContainText('Each run asks for 10 items per query (not 5)');
    await form.getByLabel('Side A label').fill('default');
    await form.getByLabel('Side B label').fill('bestsellers');
    await form.getByLabel('Side B configuration').fill('bestsellers');
    // People's ratings only by default; rules' suggestions count only when chosen.
    await expect(form.getByRole('radiogroup', { name: 'Ratings' }).getByRole('radio', { name: 'people’s' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await shootThemes(app, 'experiment-0-new');
    await form.getByRole('button', { name: 'Create experiment' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Created bestsellers-trial.json' })).toBeVisible();
    await expect(experiments.getByText('default vs bestsellers · apparel.json · apparel-ratings.json · not run yet')).toBeVisible();

    const trial = experiments.getByRole('listitem').filter({ hasText: 'bestsellers-trial.json' });
    await trial.getByRole('button', { name: 'Run', exact: true }).click();
    // What was changed to run it is said with the batch it concerns, not in a notice that outlives the run.
    await expect(page.getByTestId('batch-note')).toContainText('Each query asks for 10 items instead of 5');
    await expect(page.getByRole('heading', { name: 'Bestsellers trial · run 1' })).toBeVisible();
    // The run's head names every difference between its sides, not only their labels.
    await expect(page.locator('.batch-run__differences')).toHaveText('Differs in: configuration default → bestsellers');
    await expect(page.getByTestId('batch-status')).toHaveText('done');
    await expect(page.getByTestId('both-empty')).toHaveText(String(empty));

    const quality = page.getByTestId('quality-panel');
    await expect(quality.getByTestId('quality-table')).toBeVisible();
    await expect(quality).toContainText(`${judged} judged queries both sides answered`);
    await expect(quality.getByTestId('ratings-counted')).toHaveText(
      "people's ratings only (rules' suggestions and clicks' ratings left out)",
    );
    // The queries with too few results to rate, and the one with none, have no judgment.
    await expect(quality).toContainText(`${QUERIES.length + 1 - judged} unjudged left out`);
    const ndcg = quality.getByTestId('quality-row-ndcg');
    const rr = quality.getByTestId('quality-row-rr');
    await expect(ndcg).toHaveClass(/is-significant/);
    await expect(rr).not.toHaveClass(/is-significant/);
    await expect(rr.locator('td').nth(4)).toHaveText('1.000');
    await expect(rr.locator('td').nth(5)).toHaveText(`0 / 0 / ${judged}`);
    await expect(quality.getByTestId('quality-sentence')).toHaveText(
      /^B \(bestsellers\) is better on nDCG@10 by 0\.\d{3} \(95% CI 0\.\d{3}–0\.\d{3}, p (< 0\.001|= 0\.0[0-4]\d), \d+ wins \/ \d+ losses \/ \d+ ties for B \(bestsellers\)\)\.$/,
    );

    // Triage by a metric's delta: the better-on filter keeps the wins, the empty filter the query with nothing.
    const wins = Number(/(\d+) wins/.exec((await quality.getByTestId('quality-sentence').textContent()) ?? '')![1]);
    await page.getByLabel('Order the queries by').selectOption('ndcg');
    await page.getByRole('radio', { name: 'B better first' }).click();
    await page.getByRole('button', { name: 'B better on nDCG@10' }).click();
    await expect(page.getByTestId('triage-row')).toHaveCount(wins);
    await expect(page.getByTestId('triage-row').first().locator('.delta')).toHaveClass(/delta--up/);
    await page.getByRole('button', { name: 'Empty on both sides' }).click();
    await expect(page.getByTestId('triage-row')).toHaveCount(empty);
    await expect(page.getByTestId('triage-row').filter({ hasText: NOTHING })).toContainText('empty on both');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('Order the queries by').selectOption('change');

    await page.getByRole('heading', { name: 'Bestsellers trial · run 1' }).scrollIntoViewIfNeeded();
    await shootThemes(app, 'experiment-1-summary');
    await quality.scrollIntoViewIfNeeded();
    await shootThemes(app, 'experiment-2-quality');
    expect(await app.axe()).toEqual([]);

    // The JSON report carries the same figures.
    const pending = page.waitForEvent('download');
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const report = JSON.parse(await readFile((await (await pending).path())!, 'utf8'));
    expect(report.summary.bothEmpty).toBe(empty);
    expect(report.summary.quality.ndcg.p).toBeLessThan(0.05);
    expect(report.summary.quality.rr).toMatchObject({ delta: 0, p: 1, wins: 0, losses: 0, ties: judged });
    expect(report.qualityConfig).toMatchObject({ k: 10, gain: 'exponential', threshold: 1, judgments: { file: 'apparel-ratings.json' } });

    // The experiment lists its run, and opens it again from the workspace.
    await page.getByRole('button', { name: 'All batches' }).click();
    await openArea(page, 'Workspace');
    await expect(experiments.getByText('default vs bestsellers · apparel.json · apparel-ratings.json · 1 run')).toBeVisible();
    await trial.getByRole('button', { name: 'Last run' }).click();
    await expect(page.getByRole('heading', { name: 'Bestsellers trial · run 1' })).toBeVisible();
    await expect(page.getByTestId('quality-table')).toBeVisible();
    expect(await app.problems()).toEqual([]);
  },
);
