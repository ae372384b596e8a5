import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('service details with nothing real to show (issue 10)', () => {
  test('a resident opens an example housing listing near BS1 4DJ and finds national helplines to call', async ({
    page,
  }) => {
    await page.goto(
      '/results?postcode=BS1%204DJ&distance=10&category=housing&includeUnverified=true',
    );
    await page
      .getByRole('link', { name: /MORE INFO about BS1 Housing Advice Drop-in \(demo\)/ })
      .click();

    const detail = page.getByRole('dialog', { name: 'BS1 Housing Advice Drop-in (demo)' });
    await expect(detail).toHaveAccessibleDescription(
      'This is an example listing, not a real service. Do not visit or call it.',
    );
    await expect(
      detail.getByText(/^Locals has no real listing of this kind in this area yet\./),
    ).toBeVisible();
    const helplines = detail.getByRole('region', { name: 'National helplines that can help' });
    await expect(
      helplines.getByRole('link', { name: /^0800 144 8848\b.*Adviceline \(England\)$/ }),
    ).toHaveAttribute('href', 'tel:+448001448848');
    await expect(
      helplines.getByRole('link', { name: /^0300 500 0914\b.*StreetLink rough sleeper alerts$/ }),
    ).toHaveAttribute('href', 'tel:+443005000914');
    await expect(helplines).toContainText('call 999');
    await expectNoAxeViolations(page, '[role="dialog"]');
  });

  test('a link to a service that has gone says it was not found, with every national helpline', async ({
    page,
  }) => {
    await page.goto('/results?postcode=BS1%204DJ&distance=10&serviceId=ods%3AGONE00');

    const detail = page.getByRole('dialog', { name: 'Service not found' });
    await expect(detail.getByRole('alert')).toHaveText(
      'We could not find this service. It may have been removed from Locals.',
    );
    const helplines = detail.getByRole('region', { name: 'Other places to get help' });
    await expect(helplines.getByRole('link', { name: /^116 123\b/ })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    await expect(detail.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoAxeViolations(page, '[role="dialog"]');

    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /near BS1 4DJ/ })).toBeVisible();
  });
});
