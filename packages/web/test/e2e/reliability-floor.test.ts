/**
 * A table's reliability floor in the browser: a host picks one in the lobby's form, the table's bar and the lobby's
 * row show it, and a guest (who keeps no record) is refused a seat, in English on a desktop and in French on a phone,
 * by touch. Screenshots: `floor-create-desktop-en.png`, `floor-refused-desktop-en.png`, `floor-refused-phone-fr.png`.
 * The rule itself (shares, newcomers, tournaments): `packages/server/test/reliability-floor.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { HAVE_CHROMIUM, PHONE_FR, e2eForFile, expectAccessible, guest, pageWidth, shot } from './browser.js';

describe.skipIf(!HAVE_CHROMIUM)('a table’s reliability floor', () => {
  const e2e = e2eForFile();

  it('a host asks 70%, the lobby and the table show it, and a guest is refused a seat in English and in French', async () => {
    const host = await guest(e2e(), 'flora', { viewport: { width: 1280, height: 800 } });
    await host.page.getByTestId('create-reliability').selectOption('70');
    await shot(host.page, 'floor-create-desktop-en');
    await expectAccessible(host.page, 'floor-create-desktop-en');
    await host.page.getByTestId('create-table').click();
    await host.page.waitForURL(/\/t\/[a-z0-9]+$/);
    const tableId = host.page.url().split('/').at(-1) as string;
    await host.page.getByTestId('table-reliability').getByText('reliability ≥ 70%').waitFor();

    const gus = await guest(e2e(), 'gus', { viewport: { width: 1280, height: 800 } });
    const row = gus.page
      .getByTestId('table-list')
      .locator('li')
      .filter({ has: gus.page.locator(`a[href="/t/${tableId}"]`) });
    await row.getByTestId('lobby-reliability').getByText('reliability ≥ 70%').waitFor();
    await gus.page.goto(`${e2e().url}/t/${tableId}`);
    await gus.page.getByRole('button', { name: 'Sit here' }).click();
    await gus.page
      .getByTestId('command-error')
      .getByText('this asks for a reliability of at least 70%: guests have none, register to play here')
      .waitFor();
    await shot(gus.page, 'floor-refused-desktop-en');
    await expectAccessible(gus.page, 'floor-refused-desktop-en');

    const gaston = await guest(e2e(), 'gaston', PHONE_FR);
    await gaston.page.goto(`${e2e().url}/t/${tableId}`);
    await gaston.page.getByTestId('table-reliability').getByText('fiabilité ≥ 70 %').waitFor();
    await gaston.page.getByRole('button', { name: 'S’asseoir ici' }).tap();
    await gaston.page
      .getByTestId('command-error')
      .getByText(
        'il faut une fiabilité d’au moins 70 % : un invité n’en a pas, créez un compte pour jouer ici',
      )
      .waitFor();
    await shot(gaston.page, 'floor-refused-phone-fr');
    await expectAccessible(gaston.page, 'floor-refused-phone-fr');
    expect(await pageWidth(gaston.page, 390)).toBeLessThanOrEqual(390);
    // Nobody was seated.
    await expect(host.page.getByRole('button', { name: 'Sit here' }).count()).resolves.toBe(0);
    for (const person of [host, gus, gaston]) await person.context.close();
  }, 120_000);
});
