import { copyFrom, expect, shootThemes, test, SMOKE } from './fixtures';

// Pasted requests: where they are sent (the profile their address names), and shoppers' storefront URLs.

test('a pasted request goes to the profile its address names; for an address no profile has, it asks before sending', async ({ app }) => {
  const { page } = app;
  await page.getByRole('textbox', { name: 'Query' }).waitFor();
  // Port 9 on loopback refuses at once: a service address no profile has, reached without a network.
  const foreign = 'http://127.0.0.1:9';
  const url = `${foreign}/search/shop-token-7?encoded=${encodeURIComponent(JSON.stringify({ query: 'boots' }))}`;
  const tabs = page.getByRole('tab');
  const before = await tabs.count();

  await page.keyboard.press('ControlOrMeta+Shift+V');
  await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(url);
  // Read as it is typed: the question comes before anything can be sent.
  const question = page.getByTestId('foreign-host');
  await expect(question).toContainText('No profile has the address 127.0.0.1:9');
  await expect(page.getByRole('button', { name: 'Open and send' })).toBeDisabled();
  await expect(question).toContainText('Nothing has been sent.');
  await expect(tabs).toHaveCount(before);
  await shootThemes(app, 'paste-foreign-host');

  // Sent to the active profile anyway, as chosen, and the notes say where it went.
  await question.getByRole('button', { name: 'Send to Local demo anyway' }).click();
  await expect(tabs).toHaveCount(before + 1);
  await expect(page.getByTestId('import-notes')).toContainText('127.0.0.1:9 matches no profile; sent to “Local demo” as chosen.');
  // Local demo answered it (it does not know the shop's token).
  await expect(page.getByTestId('result-error')).toContainText('401 Unauthorized: The search token is not known');

  // Or a profile for that host, its address and token filled in; afterwards the same URL goes there by itself.
  await page.keyboard.press('ControlOrMeta+Shift+V');
  await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(url);
  await page.getByRole('button', { name: 'Create a profile for 127.0.0.1:9' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profiles');
  await expect(page.getByLabel('Search base URL')).toHaveValue(foreign);
  await expect(page.getByLabel('Search token 1')).toHaveValue('shop-token-7');
  await page.getByLabel('Name', { exact: true }).fill('Shop staging');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.keyboard.press('ControlOrMeta+Shift+V');
  await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(url);
  await page.getByRole('button', { name: 'Open and send' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.getByTestId('import-notes')).toContainText(
    'Sent to the profile “Shop staging”: its search address matches 127.0.0.1:9.',
  );
  await expect(page.getByTestId('tab-profile')).toContainText('This tab sends to Shop staging');
  // It really went there: the refused connection is that host's, not Local demo's answer.
  await expect(page.getByTestId('result-error')).toContainText('127.0.0.1:9');
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test(
  'a shopper’s storefront URL becomes the exact request, explained, and a request copies back as the storefront URL',
  { tag: SMOKE },
  async ({ app }) => {
    const { page } = app;
    await page.getByRole('textbox', { name: 'Query' }).waitFor();
    const storefront =
      'https://demo-shop.example.com/search.php?search_query=rain+jacket&facets=brand:Korvo,Nordhem&sort=price:desc&page=2&pageSize=12&utm_source=mail';
    await page.keyboard.press('ControlOrMeta+Shift+V');
    await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill(storefront);
    await page.getByRole('button', { name: 'Open and send' }).click();

    const steps = page.getByTestId('storefront-steps');
    await expect(steps).toContainText('search_query=rain jacket → query "rain jacket"');
    await expect(steps).toContainText('page=2 × pageSize 12 → offset 12, limit 12');
    await expect(steps).toContainText('facets=brand:Korvo,Nordhem → brand: Korvo OR Nordhem');
    await expect(steps).toContainText('sort=price:desc → sort by price, descending');
    await expect(page.getByTestId('import-notes')).toContainText('Unknown parameter, not sent: utm_source=mail');
    await expect(page.getByTestId('result-count')).toBeVisible();
    // The exact request: the form shows what the URL said.
    await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue('rain jacket');
    await expect(page.getByRole('button', { name: 'Remove brand Korvo' })).toBeVisible();
    await shootThemes(app, 'storefront-pasted');

    // And back: the storefront URL the shopper would see, written like the customer's — the same order and encoding,
    // and the parameter the request does not speak of carried as it was: the very URL pasted.
    expect(await copyFrom(page, 'Storefront URL')).toBe(storefront);
    // What a storefront cannot say is named beside the button — for the request of the answer on screen: an edit
    // not yet sent is not copied (the bar says so), and once sent it is.
    await page.getByRole('combobox', { name: 'Configuration' }).fill('bestsellers');
    await expect(page.getByTestId('share-edited')).toBeVisible();
    await expect(page.getByTestId('storefront-inexpressible')).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('share-edited')).toHaveCount(0);
    await expect(page.getByTestId('storefront-inexpressible')).toContainText('leaves out 1');
    await expect(page.getByTestId('storefront-inexpressible')).toHaveAttribute(
      'title',
      /the configuration bestsellers \(the storefront uses its own\)/,
    );

    // A storefront no mapping reads: nothing is sent, and a mapping from the closest preset is offered.
    await page.keyboard.press('ControlOrMeta+Shift+V');
    await page.getByRole('textbox', { name: 'URL, cURL or JSON' }).fill('https://boutique.example.org/s?q=boots&facet_size=42');
    await expect(page.getByTestId('unmapped-storefront')).toContainText('No storefront mapping reads URLs from boutique.example.org');
    await expect(page.getByRole('button', { name: 'Open and send' })).toBeDisabled();
    await page.getByRole('button', { name: /Add a Generic .* mapping for boutique\.example\.org to Local demo/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profiles');
    await expect(page.getByTestId('storefront-mapping-1')).toContainText('boutique.example.org');
    // The tester reads a sample with the new mapping before anything is saved.
    await page.getByLabel('Try sample URLs (one per line)').fill('https://boutique.example.org/s?q=boots&facet_size=42&page=3');
    await expect(page.getByTestId('storefront-test')).toContainText('facet_size=42 → size: 42');
    await expect(page.getByTestId('storefront-test')).toContainText('page=3 × page size 24 (the default) → offset 48, limit 24');
    await page.getByTestId('storefront-test').scrollIntoViewIfNeeded();
    await shootThemes(app, 'profiles-storefront-tester');
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved, the user is back with the pasted URL, read through the mapping just added, ready to send.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('URL tools');
    await expect(page.getByRole('textbox', { name: 'URL, cURL or JSON to decode' })).toHaveValue(
      'https://boutique.example.org/s?q=boots&facet_size=42',
    );
    await expect(page.getByTestId('destination')).toContainText('Goes to Local demo — its boutique.example.org mapping reads this URL.');
    await expect(page.getByTestId('decoded').getByRole('button', { name: 'Open and send' })).toBeEnabled();
    expect(await app.axe()).toEqual([]);
    expect(await app.problems()).toEqual([]);
  },
);

test('URL tools: plain text, a broken %-escape, and a storefront no mapping reads — through "add a mapping" and back to the URL', async ({
  app,
}) => {
  const { page } = app;
  await page.getByRole('textbox', { name: 'Query' }).waitFor();
  await page.keyboard.press('ControlOrMeta+5');
  const box = page.getByRole('textbox', { name: 'URL, cURL or JSON to decode' });
  await box.fill('red dress');
  await expect(page.getByTestId('paste-error')).toHaveText(/^This is not a URL, a cURL command or a JSON request\./);
  await box.fill('https://demo-shop.example.com/search.php?search_query=caf%E0%A4%A&page=2');
  await expect(page.getByTestId('paste-error')).toContainText(
    'The parameter search_query (search_query=caf%E0%A4%A) has a broken %-escape',
  );
  await expect(page.getByTestId('decoded')).toHaveCount(0);
  // A storefront page with no scheme, as an address bar shows it: a mapping is offered, as in the paste dialog.
  const shop = 'othershop.com/search?q=hiking+boots&page=2';
  await box.fill(shop);
  const offer = page.getByTestId('unmapped-storefront');
  await expect(offer).toContainText('No storefront mapping reads URLs from othershop.com');
  await shootThemes(app, 'url-tools-1-unmapped');
  await offer.getByRole('button', { name: /Add a .* mapping for othershop\.com to Local demo/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profiles');
  await page.getByRole('button', { name: 'Save' }).click();
  // Back with the URL, read through the new mapping, ready to send.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('URL tools');
  await expect(box).toHaveValue(shop);
  const decoded = page.getByTestId('decoded');
  await expect(decoded.getByRole('list', { name: 'How the storefront URL was read' })).toContainText(
    'q=hiking boots → query "hiking boots"',
  );
  await expect(page.getByTestId('destination')).toContainText('Goes to Local demo — its othershop.com mapping reads this URL.');
  await shootThemes(app, 'url-tools-2-back-with-mapping');
  await decoded.getByRole('button', { name: 'Open and send' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.getByRole('textbox', { name: 'Query' })).toHaveValue('hiking boots');
  await expect(page.getByTestId('result-count')).toBeVisible();
  expect(await app.axe()).toEqual([]);
  expect(await app.problems()).toEqual([]);
});

test('URL tools read a storefront URL with its steps, and share the current request as the storefront URL', async ({ app }) => {
  const { page } = app;
  await page.getByRole('textbox', { name: 'Query' }).fill('parka');
  await page.getByRole('textbox', { name: 'Query' }).press('Enter');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await page.keyboard.press('ControlOrMeta+5');
  await page
    .getByRole('textbox', { name: 'URL, cURL or JSON to decode' })
    .fill('https://demo-shop.example.com/search.php?search_query=%2A&facets=colour:Black&pageSize=12&page=4');
  const decoded = page.getByTestId('decoded');
  await expect(decoded).toContainText('storefront URL · Demo storefront');
  await expect(decoded.getByRole('list', { name: 'How the storefront URL was read' })).toContainText('search_query=* → any query ("")');
  await expect(decoded.getByRole('list', { name: 'How the storefront URL was read' })).toContainText(
    'page=4 × pageSize 12 → offset 36, limit 12',
  );
  await expect(page.getByTestId('destination')).toContainText('Goes to Local demo — its Demo storefront mapping reads this URL.');
  await expect(page.getByTestId('share-storefront')).toContainText('https://demo-shop.example.com/search.php?search_query=parka');
  expect(await app.axe()).toEqual([]);
});
