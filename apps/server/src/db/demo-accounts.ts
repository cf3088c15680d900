import { eq, sql } from 'drizzle-orm';
import { createServices } from '../services.ts';
import type { Config } from '../config.ts';
import { Conflict } from '../lib/errors.ts';
import type { Database } from './client.ts';
import { accounts, companyColleges, students } from './schema.ts';

/** The demo accounts, one per role; the README lists them. */
export const demoAccounts = {
  student: { emailID: 'student@example.com', password: 'student123' },
  'college-staff': { emailID: 'staff@example.com', password: 'staff123' },
  company: { emailID: 'company@example.com', password: 'company123' },
} as const;

/** Creates the demo accounts that do not exist yet (through the real sign-up); returns their roles. */
export async function seedDemoAccounts(config: Config, db: Database): Promise<string[]> {
  const { authService, notificationsService } = createServices(config, db);

  const created: string[] = [];
  const ignoreExisting = async (label: string, signup: () => Promise<unknown>) => {
    try {
      await signup();
      created.push(label);
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  };

  const person = { lastName: 'Demo', phone: '9876543210' };
  await ignoreExisting('student', () =>
    authService.signupStudent(
      {
        ...person,
        firstName: 'Aarav',
        lastName: 'Sharma',
        emailID: demoAccounts.student.emailID,
        password: demoAccounts.student.password,
        cpass: demoAccounts.student.password,
      },
      1,
    ),
  );
  await ignoreExisting('college-staff', () =>
    authService.signupStaff(
      {
        ...person,
        firstName: 'Priya',
        lastName: 'Nair',
        staffID: '1001',
        emailID: demoAccounts['college-staff'].emailID,
        password: demoAccounts['college-staff'].password,
        cpass: demoAccounts['college-staff'].password,
        signupCode: config.staffSignupCode,
      },
      1,
    ),
  );
  await ignoreExisting('company', () =>
    authService.signupCompany(
      {
        personalDetail: {
          ...person,
          firstName: 'Rohan',
          lastName: 'Mehta',
          staffID: '2001',
          emailID: demoAccounts.company.emailID,
          password: demoAccounts.company.password,
          cpass: demoAccounts.company.password,
        },
        company: 'Acme Technologies',
      },
      1,
    ),
  );

  if (created.includes('company')) {
    // A new company waits for the placement cell's approval; the demo one is approved already at
    // the first college (the account's status follows, migration 0031).
    await db
      .update(companyColleges)
      .set({ status: 'Allowed' })
      .where(
        sql`${companyColleges.companyId} = (select ${accounts.id} from ${accounts} where ${accounts.role} = 'company' and ${accounts.email} = ${demoAccounts.company.emailID})`,
      );
  }

  if (created.includes('student')) {
    const [student] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, demoAccounts.student.emailID));
    await db
      .update(students)
      .set({
        fathersName: 'Rajesh Sharma',
        mothersName: 'Sunita Sharma',
        rollNumber: '21BCE2001',
        degrees: ['B.Tech Computer Science'],
        collegeName: 'Government Engineering College',
        cgpa: 8.4,
        yearOfPassing: 2026,
      })
      .where(eq(students.accountId, student!.id));
    await notificationsService.notify([
      {
        accountId: student!.id,
        sender: 'Placement Cell',
        title: 'Welcome to the portal',
        body: 'Complete your profile and upload your resume before applying.',
      },
    ]);
  }

  return created;
}
