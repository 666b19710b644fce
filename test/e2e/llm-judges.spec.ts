import { demoExperimentRow, expect, openArea, runDemoExperiment, shootThemes, test } from './fixtures';

// Ask a judge: the Local demo's own judge rates the demo query set's pool (top 2), first estimated, then judged with
// progress into the demo judgments beside its people's ratings, then estimated again (everything cached), and the
// list's agreement view sets the judge against the people.

test('ask a judge: the Local demo judge estimated, run into the demo judgments, cached the second time, and set against people', async ({
  app,
}) => {
  const { page } = app;
  await openArea(page, 'Workspace');
  const card = page.getByRole('region', { name: 'Judgment lists' });
  await card.getByRole('button', { name: 'Ask a judge' }).click();
  const panel = page.getByRole('region', { name: 'Ask a judge' });
  await expect(panel.getByRole('combobox', { name: 'Judge', exact: true })).toHaveValue('local-demo');
  await expect(panel.getByRole('combobox', { name: 'Judge', exact: true })).toContainText('Local demo judge (demo-judge, error rate 0.1)');
  // A judge of one's own: refused with the field's words, then saved (its key to the keychain) and picked.
  await panel.getByRole('button', { name: 'Add a judge…' }).click();
  const form = panel.getByRole('form', { name: 'New judge' });
  await form.getByLabel('Judge name').fill('Ollama llama');
  await form.getByLabel('Base URL').fill('localhost:11434');
  await form.getByLabel('Model', { exact: true }).fill('llama3.1');
  await shootThemes(app, 'llm-judges-0-new-judge');
  await form.getByRole('button', { name: 'Save judge' }).click();
  await expect(form.getByRole('alert')).toContainText('the base URL is http(s)://host');
  await expect(form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Base URL').fill('http://127.0.0.1:11434/v1');
  await form.getByRole('button', { name: 'Save judge' }).click();
  await expect(panel.getByRole('combobox', { name: 'Judge', exact: true })).toHaveValue('ollama-llama');
  await expect(panel.getByRole('combobox', { name: 'Judge', exact: true })).toContainText('Ollama llama (llama3.1, no key)');
  await panel.getByRole('combobox', { name: 'Judge', exact: true }).selectOption('local-demo');

  await panel.getByRole('combobox', { name: 'Query set to judge' }).selectOption('demo-shopper-queries.json');
  await panel.getByRole('spinbutton', { name: 'Top k to pool' }).fill('2');
  await panel.getByRole('combobox', { name: 'Judgment list the ratings go into' }).selectOption('demo-judgments.json');

  await panel.getByLabel('Cost limit').fill('-1');
  await expect(panel.getByRole('alert')).toHaveText('The cost limit is a number, 0 or more.');
  await expect(panel.getByRole('button', { name: 'Judge', exact: true })).toBeDisabled();
  await panel.getByLabel('Cost limit').fill('');

  // The prompt asked with: the default, its version shown (what verdicts are cached under).
  await panel.getByText(/^Prompt: the default · version [0-9a-f]{8}$/).click();
  await expect(panel.getByRole('textbox', { name: 'User message' })).toHaveValue(/\{\{query\}\}[\s\S]*\{\{item\}\}/);
  await expect(panel.getByRole('button', { name: 'Save prompt' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Estimate' }).click();
  const estimate = panel.getByTestId('judge-estimate');
  await expect(estimate).toHaveText(
    /^(\d+) pairs to rate: \1 to ask, 0 from the cache; about [\d,]+ input \+ [\d,]+ output tokens, cost about 0 \(no prices set: a local model\)\.$/,
  );
  const pairs = Number(/^(\d+)/.exec((await estimate.textContent())!)![1]);
  expect(pairs).toBeGreaterThan(100);
  await shootThemes(app, 'llm-judges-1-estimate');

  await panel.getByRole('button', { name: 'Judge', exact: true }).click();
  const result = panel.getByTestId('judge-result');
  await expect(result).toContainText(
    new RegExp(`^${pairs} of ${pairs} pairs rated \\(0 from the cache\\), 0 without a verdict, 0 failed; ${pairs} requests`),
    {
      timeout: 60_000,
    },
  );
  await expect(result).toContainText('Saved in demo-judgments.json.');
  await shootThemes(app, 'llm-judges-2-judged');
  expect(await app.axe()).toEqual([]);

  await panel.getByRole('button', { name: 'Estimate' }).click();
  await expect(estimate).toHaveText(new RegExp(`^${pairs} pairs to rate: 0 to ask, ${pairs} from the cache;`));

  // The agreement view sets the judge against the people (one rater), as it sets each click model, and lists the
  // items apart with the judge's reason.
  await result.getByRole('button', { name: 'Agreement' }).click();
  const judgeVsPeople = page
    .getByRole('region', { name: 'People, shoppers and judges' })
    .getByTestId('agreement-shoppers-model')
    .filter({ hasText: 'People · llm:demo-judge' });
  await expect(judgeVsPeople).toContainText(/α \d\.\d{3}/);
  await judgeVsPeople.getByText(/items rated differently, farthest apart first/).click();
  await expect(judgeVsPeople.getByTestId('agreement-apart').first()).toContainText(/people \d · judge \d · \d apart/);
  await expect(judgeVsPeople.getByTestId('agreement-apart-reason').first()).toHaveText(/^the judge: “.+”$/);
  // Where it errs: by the people's grade and by brand (brands from the catalog's lookup).
  await judgeVsPeople.getByText(/^Where llm:demo-judge errs: by the people’s grade, by brand, and against shoppers$/).click();
  const byGrade = judgeVsPeople.getByRole('table', { name: "llm:demo-judge by the people's grade" });
  await expect(byGrade.getByRole('row', { name: /^people 3 [\d,]+ \d+% [−+]?\d\.\d\d$/ })).toBeVisible();
  const byBrand = judgeVsPeople.getByRole('table', { name: 'llm:demo-judge by brand' });
  await expect(byBrand.getByRole('row').nth(1)).toHaveAccessibleName(/^(?!\(no brand known\))\S.* [\d,]+ \d+% [−+]?\d\.\d\d$/);
  await expect(judgeVsPeople.getByRole('table', { name: 'Confusion of llm:demo-judge and people' })).toBeVisible();
  await expect(judgeVsPeople.getByTestId('judge-report-card')).toContainText('No clicks’ ratings in this list to set the judge against');
  await shootThemes(app, 'llm-judges-3-agreement');
  expect(await app.axe()).toEqual([]);

  // The judging queue puts the items the judge and the people rate differently first, named as the judge's.
  await page.getByRole('main').getByRole('button', { name: 'Workspace', exact: true }).click();
  await runDemoExperiment(page);
  await (await demoExperimentRow(page)).getByRole('button', { name: 'Judge' }).click();
  await page.getByRole('radio', { name: 'Judge disagrees' }).click();
  await expect(page.getByTestId('judge-apart').first()).toHaveText(/^the judge disagrees by \d$/);
  expect(await app.problems()).toEqual([]);
});
