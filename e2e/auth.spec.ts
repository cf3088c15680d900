import { expect, test } from '@playwright/test';
import { approveCompany, PASSWORD, signUpThroughForm, signUpViaApi, toast, uniqueEmail } from './support.ts';

const landing = {
  student: '/student/profile',
  'college-staff': '/college-staff/dashboard',
  company: '/company/',
} as const;
const home = { student: '/student', 'college-staff': '/college-staff', company: '/company' } as const;

test.describe('sign-up, sign-out and sign-in', () => {
  for (const role of ['student', 'college-staff', 'company'] as const) {
    test(`a ${role} signs up through the form, lands in their area, signs out and back in`, async ({
      page,
    }, info) => {
      const email = uniqueEmail(role);
      await signUpThroughForm(page, role, { firstName: 'Riya', email });
      await expect(page).toHaveURL(landing[role]);
      await expect(toast(page, 'Signed Up successfully')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByText(email).first()).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${role}-area-shell.png`), fullPage: true });
      await info.attach(`${role} area shell`, {
        path: info.outputPath(`${role}-area-shell.png`),
        contentType: 'image/png',
      });

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL('/signin/');
      await expect(toast(page, 'Signed Out successfully')).toBeVisible();

      await page.goto(`/signin/${role}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(home[role]);
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    });
  }

  test('a duplicate sign-up is sent to sign in', async ({ page }) => {
    const email = uniqueEmail('dup');
    await signUpThroughForm(page, 'student', { firstName: 'First', email });
    await expect(page).toHaveURL('/student/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/signin/');

    await signUpThroughForm(page, 'student', { firstName: 'Second', email });
    await expect(toast(page, 'Please Sign In')).toBeVisible();
    await expect(page).toHaveURL('/signin/student');
  });

  test('a wrong password shows the server message and stays on the page', async ({ page }) => {
    await page.goto('/signin/company');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL('/signin/company');
  });
});

test.describe('validation', () => {
  test('the sign-up form shows the spec messages beside the fields', async ({ page }) => {
    await page.goto('/signup/student');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please enter your first name.')).toBeVisible();
    await expect(page.getByText('Please enter your last name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter your Phone No.')).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please enter a valid Email address.')).toBeVisible();
    await expect(page.getByText('Please Enter Phone Number under 10 digits.')).toBeVisible();
    await expect(page.getByText('Please enter a strong password of length more than 5.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret124');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText("Password and Confirm Password don't match!")).toBeVisible();
    await expect(page).toHaveURL('/signup/student');
  });

  test('staff sign-up needs the staff ID and the signup code', async ({ page }) => {
    await page.goto('/signup/college-staff');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please enter your Staff-ID')).toBeVisible();
    await expect(page.getByText('Please enter the staff signup code.')).toBeVisible();
  });
});

test.describe('access', () => {
  test('entering an area signed out shows the unauthorized toast and goes to /signin', async ({ page }) => {
    await page.goto('/company/jobposts');
    await expect(toast(page, 'Unauthorized Access! Please SignIn')).toBeVisible();
    await expect(page).toHaveURL('/signin');
  });

  test("entering another role's area is refused the same way", async ({ page }) => {
    await signUpViaApi(page, 'student');
    await page.goto('/college-staff/students');
    await expect(toast(page, 'Unauthorized Access! Please SignIn')).toBeVisible();
    await expect(page).toHaveURL('/signin');
  });

  test('a signed-in user opening a public page goes to their own area', async ({ page }) => {
    await signUpViaApi(page, 'company');
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/company\/?$/);
    // A sign-in page arrives rendered; the app then shows the area in its place.
    await page.goto('/signin/company');
    await expect(page).toHaveURL(/\/company\/?$/);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  });
});

test('a suspended account sees the full-screen suspended message', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const companyContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  const companyPage = await companyContext.newPage();

  await signUpViaApi(staffPage, 'college-staff');
  await signUpViaApi(companyPage, 'company', 'Suspendable');
  const companyId = await approveCompany(companyPage);
  await companyPage.goto('/company');
  await expect(companyPage.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  const response = await staffPage.request.put(`/api/college-staff/companies/${companyId}/status`, {
    data: { role: 'Suspended' },
  });
  expect(response.status()).toBe(200);

  await companyPage.reload();
  await expect(companyPage.getByText('You are Suspended, Contact Admin.')).toBeVisible();
  await staffContext.close();
  await companyContext.close();
});

test('the landing page arrives with under 100 KB of compressed JavaScript and preloads the app on the way out', async ({
  page,
}) => {
  // The bytes on the wire (compressed) of every script the page loaded by its load event.
  const loaded: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const url = new URL(request.url()).pathname;
    loaded.push(request.sizes().then(({ responseBodySize }) => ({ url, bytes: responseBodySize })));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'One portal, three sides of campus hiring' })).toBeVisible();
  const scripts = await Promise.all(loaded);
  const sent = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(sent, JSON.stringify(scripts)).toBeGreaterThan(0);
  expect(sent, JSON.stringify(scripts)).toBeLessThan(100 * 1024);
  // None of the app's own code yet: react-dom alone is about 58 KB compressed.
  expect(scripts.map((script) => script.url).join(' ')).not.toMatch(/react-dom/);

  // Heading for Sign In fetches the app, so the sign-in page opens from the cache.
  const appScript = page.waitForRequest((request) => /\/assets\/react-dom-[\w-]+\.js$/.test(request.url()));
  await page.getByRole('link', { name: 'Sign In' }).hover();
  await appScript;
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/signin');
  await expect(page.getByRole('link', { name: /Student/ }).first()).toBeVisible();
});

test('a signed-in student opening the landing page is redirected to their home by the server', async ({
  page,
}) => {
  await signUpViaApi(page, 'student', 'Landing');
  // A 302 before any page is sent: no landing page flashes, no script decides.
  const answer = await page.request.get('/', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe(home.student);
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`^[^?#]*${home.student}(/|$)`));
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('the landing page shows the tagline and leads to About', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('your gateway to success', { exact: false }).first()).toBeVisible();
  await page.getByRole('link', { name: /about/i }).first().click();
  await expect(page).toHaveURL('/about');
});

test('the student sign-in page arrives rendered; what is typed before the app starts is kept', async ({
  page,
}) => {
  const email = await signUpViaApi(page, 'student', 'Early');
  await page.context().clearCookies();

  // The form is in the HTML itself, its button disabled until the app takes over.
  const html = await (await page.request.get('/signin/student')).text();
  expect(html).toContain('Student Sign In');
  expect(html).toMatch(/<input[^>]*name="emailID"/);
  expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);

  // Hold back the app's entry script, so the page stays as the server sent it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/signin/student');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await page.getByLabel('Password').press('Enter'); // the browser sends nothing by itself
  await expect(page).toHaveURL('/signin/student');

  release();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(home.student);
});
