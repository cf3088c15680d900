import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import yauzl from 'yauzl';
import { approveCompany, day, makePdf, signUpViaApi, uniqueRoll } from './support.ts';

/** The entries of a ZIP file by name, read as an archive tool would. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function applicant(page: Page, firstName: string, rollNumber: string, jobId: string) {
  await signUpViaApi(page, 'student', firstName);
  const profile = await page.request.put('/api/student/updateProfileDetail', {
    data: {
      typ: 'educationalDetails',
      value: { rollNumber, degrees: ['B.Tech CSE'], collegeName: 'GEC', cgpa: 8.2, yearOfPassing: 2026 },
    },
  });
  expect(profile.status()).toBe(200);
  const resume = makePdf(`${firstName} - Resume`);
  const upload = await page.request.post('/api/student/uploadResume', {
    multipart: { resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: resume } },
  });
  expect(upload.status()).toBe(200);
  const applied = await page.request.post('/api/student/jobApplyByStudent', { data: { jobID: jobId } });
  expect(applied.status()).toBe(201);
  return resume;
}

test("a company downloads a job's resume book from its applicants page", async ({ browser }) => {
  test.setTimeout(60_000);
  const open = async () => (await browser.newContext()).newPage();
  const company = await open();
  await signUpViaApi(company, 'company', 'Recruiter');
  await approveCompany(company);
  const role = `Resume Book ${Date.now()}`;
  const posted = await company.request.post('/api/company/postJob', {
    data: {
      typ: 'jobs',
      value: {
        role,
        description: 'Build things.',
        qualifications: ['B.Tech'],
        startDate: day(-1),
        applicationDeadline: day(20),
      },
    },
  });
  expect(posted.status()).toBe(201);
  const jobId = ((await posted.json()) as { message: { _id: string } }).message._id;
  const ananyaRoll = uniqueRoll();
  const bilalRoll = uniqueRoll('21ECE');
  const ananya = await applicant(await open(), 'Ananya', ananyaRoll, jobId);
  const bilal = await applicant(await open(), 'Bilal', bilalRoll, jobId);

  await company.goto(`/company/applicants?jobId=${jobId}`);
  await expect(company.getByRole('checkbox', { name: 'Select Bilal Tester' })).toBeVisible();
  const downloading = company.waitForEvent('download');
  await company.getByRole('link', { name: 'Download resumes (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^resumes-resume-book-\d+\.zip$/);
  const entries = await unzip(await readFile(await download.path()));

  expect([...entries.keys()].sort()).toEqual([
    `${ananyaRoll}-Ananya-Tester.pdf`,
    `${bilalRoll}-Bilal-Tester.pdf`,
    'applicants.csv',
  ]);
  expect(entries.get(`${ananyaRoll}-Ananya-Tester.pdf`)!.equals(ananya)).toBe(true);
  expect(entries.get(`${bilalRoll}-Bilal-Tester.pdf`)!.equals(bilal)).toBe(true);
  const csv = entries
    .get('applicants.csv')!
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    'Name,Email,Roll Number,Degrees,CGPA,CGPA Verified,Year of Passing,Stage,Applied At,Resume',
  );
  expect(
    csv
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['Ananya Tester', 'Bilal Tester']);
  expect(csv.find((line) => line.startsWith('Bilal'))).toContain(
    `,${bilalRoll},B.Tech CSE,8.2,No,2026,Form Submitted,`,
  );
  expect(csv.find((line) => line.startsWith('Bilal'))).toMatch(
    new RegExp(`,${bilalRoll}-Bilal-Tester\\.pdf$`),
  );
});
