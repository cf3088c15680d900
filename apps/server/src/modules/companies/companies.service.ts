import type { z } from 'zod';
import { bounds } from '@portal/contracts/bounds';
import { type AccountStatus, type CompanyStatus, isCompanyStatus } from '@portal/contracts/common';
import { collegeMessages } from '@portal/contracts/colleges';
import {
  type CompanyCollege,
  companyCollegeMessages,
  type companyProfileUpdate,
  type CompanyRecord,
  nameApprovers,
} from '@portal/contracts/companies';
import { emailLinks } from '@portal/contracts/links';
import { approval, companyNames, notFound, placementCell, staffActions } from '@portal/contracts/messages';
import type {
  CompanyDetails,
  CompanyNameChange,
  companyNameDecisionBody,
  CompanyPage,
  CompanyStatusChange,
  companyStatusBody,
  CompanySummary,
} from '@portal/contracts/staff';
import type { CompanyNameEvent } from '@portal/contracts/company-names';
import type { AnnouncementQueue } from '../announcements/announce.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { refuseOwnAccount } from '../../lib/own-account.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import { companyApprovedEmail, companyNameDecidedEmail, companyRejectedEmail } from '../mail/emails.ts';
import type { MailQueue } from '../mail/outbox-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { fileUrl } from '../files/files.read.ts';
import type { CompaniesRepo, NameWrite, StatusChange } from './companies.repo.ts';

/** Debarred is a student status; a company account never holds it. */
const companyStatusOf = (status: AccountStatus): CompanyStatus =>
  isCompanyStatus(status) ? status : 'Suspended';

/** The reply to staff for a change from one status to another. */
function changedMessage(from: CompanyStatus, to: CompanyStatus): string {
  switch (to) {
    case 'Allowed':
      return from === 'Suspended' ? staffActions.companyAllowed : staffActions.companyApproved;
    case 'Suspended':
      return staffActions.companySuspended;
    case 'Rejected':
      return staffActions.companyRejected;
    case 'Pending':
      return staffActions.companyPending;
  }
}

/**
 * What saving the profile with the name `wanted` does to the company's name, or null for nothing.
 * A company awaiting approval renames itself at once (staff see the name when they decide on it).
 * An approved one keeps its approved name, which students, applicants and every notice see, and
 * its new name waits for staff; asking for the same new name again changes nothing, and asking for
 * the approved name again withdraws the request.
 */
export function nameWrite(
  actor: Pick<SessionAccount, 'id' | 'name'>,
  status: AccountStatus,
  current: { name: string; pendingName: string | null },
  wanted: string,
): NameWrite | null {
  const seen = { name: current.name, pendingName: current.pendingName };
  const write = (event: CompanyNameEvent, set: NameWrite['set'], from: string, to: string): NameWrite => ({
    seen,
    set,
    event: {
      companyId: actor.id,
      event,
      fromName: from,
      toName: to,
      actorId: actor.id,
      actorName: actor.name,
    },
  });
  const withdraw = (pending: string) =>
    write('Withdrawn', { name: current.name, pendingName: null }, current.name, pending);
  if (wanted === current.name) return current.pendingName === null ? null : withdraw(current.pendingName);
  if (status === 'Pending')
    return write('Renamed', { name: wanted, pendingName: null }, current.name, wanted);
  if (wanted === current.pendingName) return null;
  return write('Requested', { name: current.name, pendingName: wanted }, current.name, wanted);
}

export function createCompaniesService(deps: {
  companiesRepo: CompaniesRepo;
  jobsService: Pick<JobsService, 'withCounts' | 'openJobAnnouncements' | 'openJobsChanged'>;
  notificationsService: NotificationsService;
  mail: MailQueue;
  announcements: AnnouncementQueue;
  appUrl: string;
}) {
  const toSummary = (row: Awaited<ReturnType<CompaniesRepo['summaries']>>[number]): CompanySummary => ({
    _id: row.account.id,
    company: row.company.name,
    pendingName: row.company.pendingName,
    pendingNameAt: row.company.pendingNameAt?.toISOString() ?? null,
    nameApprovedHere:
      row.company.pendingName !== null && row.standing.approvedName === row.company.pendingName,
    recruiterName: `${row.account.firstName} ${row.account.lastName}`,
    emailID: row.account.email,
    // Its standing at the staff's college, and the reason that college gave.
    role: companyStatusOf(row.standing.status),
    statusReason: row.standing.statusReason,
    signedUpAt: row.account.createdAt.toISOString(),
    jobs: row.jobs,
    applicants: row.applicants,
  });

  return {
    /**
     * One page of the companies for staff, those waiting for approval first; only those of `status`
     * when given; with how many there are in all.
     */
    async summaries(query: {
      status?: CompanyStatus | undefined;
      page: number;
      pageSize: number;
    }): Promise<CompanyPage> {
      const filter = query.status ? { status: query.status } : {};
      const [rows, total] = await Promise.all([
        deps.companiesRepo.summaries(filter, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        deps.companiesRepo.count(filter),
      ]);
      return { items: rows.map(toSummary), total };
    },

    /** A company as staff see it: its jobs with applicants counted per stage, and every decision. */
    async detailsForStaff(companyId: string): Promise<CompanyDetails> {
      const [row] = await deps.companiesRepo.summaries({ companyId });
      if (!row) throw new NotFound(notFound.company);
      const [jobList, history, names] = await Promise.all([
        deps.jobsService.withCounts(companyId),
        deps.companiesRepo.statusHistory(companyId, bounds.companyStatusChanges),
        deps.companiesRepo.nameHistory(companyId, bounds.companyStatusChanges),
      ]);
      return {
        ...toSummary(row),
        phone: row.account.phone,
        jobList,
        statusHistory: history.map((h): CompanyStatusChange => ({
          status: companyStatusOf(h.status),
          reason: h.reason,
          by: h.actorName,
          at: h.createdAt.toISOString(),
        })),
        nameHistory: names.map((n): CompanyNameChange => ({
          event: n.event,
          from: n.fromName,
          to: n.toName,
          reason: n.reason,
          by: n.actorName,
          at: n.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Staff decide on a company: approve (Allowed) or reject a pending one, suspend an approved one
     * or allow it again, or send it back to pending. Takes effect at once (the company's next
     * request sees it), keeps the decision with who, when and why, and tells the recruiter of an
     * approval or a rejection by notification and email. On approval the eligible students hear of
     * the company's open jobs.
     */
    async setStatus(
      actor: SessionAccount,
      companyId: string,
      body: z.output<typeof companyStatusBody>,
    ): Promise<string> {
      const college = actor.collegeId ?? 1;
      const [row, standing] = await Promise.all([
        deps.companiesRepo.findById(companyId),
        deps.companiesRepo.standing(companyId, college),
      ]);
      // A company that never asked this college is none of its staff's business.
      if (!row || !standing) throw new NotFound(notFound.company);
      const { account, company } = row;
      refuseOwnAccount(actor, account);
      const from = companyStatusOf(standing.status);
      const to = body.role;
      if (standing.status === to) throw new Conflict(staffActions.companyUnchanged(to));

      const approved = to === 'Allowed' && from !== 'Suspended';
      const change: StatusChange = {
        companyId,
        college,
        from: standing.status,
        to,
        reason: body.reason,
        actor: { id: actor.id, name: actor.name },
        notice: null,
        emails: [],
        announcements: approved
          ? await deps.jobsService.openJobAnnouncements(companyId, company.name, college)
          : [],
      };
      const contact = {
        to: account.email,
        accountId: companyId,
        firstName: account.firstName,
        company: company.name,
      };
      if (approved) {
        change.notice = {
          accountId: companyId,
          sender: placementCell.sender,
          title: approval.approvedTitle,
          link: emailLinks.companyProfile,
          body: approval.approvedNotice(company.name, body.reason),
        };
        change.emails.push(
          companyApprovedEmail({
            ...contact,
            reason: body.reason,
            link: `${deps.appUrl}${emailLinks.companyStudents}`,
          }),
        );
      } else if (to === 'Rejected') {
        change.notice = {
          accountId: companyId,
          sender: placementCell.sender,
          title: approval.rejectedTitle,
          body: approval.rejectedNotice(company.name, body.reason),
        };
        change.emails.push(companyRejectedEmail({ ...contact, reason: body.reason }));
      }

      if (!(await deps.companiesRepo.changeStatus(change))) {
        // Another staff member decided in between: say what it is now rather than overrule them.
        const now = await deps.companiesRepo.standing(companyId, college);
        const current = now ? companyStatusOf(now.status) : to;
        throw new Conflict(
          current === to ? staffActions.companyUnchanged(to) : staffActions.companyChangedMeanwhile(current),
        );
      }
      // Students see an approved company's jobs, and no longer a suspended or rejected one's.
      deps.jobsService.openJobsChanged();
      if (change.emails.length) deps.mail.wake();
      if (change.announcements.length) deps.announcements.wake();
      return changedMessage(from, to);
    },

    /**
     * The recruiter's details and the company's name; an approved company's new name waits for
     * staff (`nameWrite`), and is kept with who asked and when.
     */
    async updateProfile(
      actor: SessionAccount,
      update: z.output<typeof companyProfileUpdate>,
    ): Promise<CompanyRecord> {
      const row = await deps.companiesRepo.findById(actor.id);
      if (!row) throw new NotFound(notFound.company);
      const { company: wanted, ...details } = update;
      const name = nameWrite(actor, row.account.status, row.company, wanted);
      if (!(await deps.companiesRepo.updateProfile(actor.id, details, name))) {
        throw new Conflict(companyNames.decidedMeanwhile);
      }
      // The vacancy list shows the name in force.
      if (name && name.set.name !== row.company.name) deps.jobsService.openJobsChanged();
      return this.getOwnRecord(actor.id);
    },

    /**
     * A college's staff approve or reject the new name a company asked for, naming the one they
     * saw. A rejection keeps the approved name; an approval counts for their college, and the name
     * becomes the one students see once every college that approved the company has approved it
     * (`nameApprovers`; with one college, at once). The company is told (with the reason) by
     * notification and email when the name is decided, and the trail keeps who decided, where,
     * when and why.
     */
    async decideName(
      actor: SessionAccount,
      companyId: string,
      body: z.output<typeof companyNameDecisionBody>,
    ): Promise<string> {
      const row = await deps.companiesRepo.findById(companyId);
      if (!row || actor.collegeId === null) throw new NotFound(notFound.company);
      const { account, company } = row;
      const check = (pending: string | null) => {
        if (pending === null) throw new Conflict(companyNames.noPendingName);
        if (pending !== body.name) throw new Conflict(companyNames.changedMeanwhile(pending));
      };
      check(company.pendingName);
      const approved = body.decision === 'Approved';
      const asked = body.name;
      const notice = approved
        ? { title: companyNames.approvedTitle, body: companyNames.approvedNotice(company.name, asked) }
        : {
            title: companyNames.rejectedTitle,
            body: companyNames.rejectedNotice(asked, company.name, body.reason),
          };
      const decided = await deps.companiesRepo.decideName({
        companyId,
        college: actor.collegeId,
        pendingName: asked,
        decision: body.decision,
        approvers: nameApprovers,
        event: {
          companyId,
          event: body.decision,
          fromName: company.name,
          toName: asked,
          reason: body.reason,
          actorId: actor.id,
          actorName: actor.name,
          collegeId: actor.collegeId,
        },
        notice: {
          accountId: companyId,
          sender: placementCell.sender,
          link: emailLinks.companyProfile,
          ...notice,
        },
        emails: [
          companyNameDecidedEmail({
            to: account.email,
            accountId: companyId,
            firstName: account.firstName,
            approved,
            asked,
            kept: company.name,
            reason: body.reason,
          }),
        ],
      });
      if (decided.outcome === 'stale') {
        // Another staff member decided, or the company asked for another name, in between.
        check((await deps.companiesRepo.findById(companyId))?.company.pendingName ?? null);
        throw new Conflict(companyNames.noPendingName);
      }
      if (decided.outcome === 'waiting') return companyNames.approvedHere(decided.outstanding);
      // Students see the approved name at once in the vacancy list.
      if (approved) deps.jobsService.openJobsChanged();
      deps.mail.wake();
      return approved ? companyNames.approved : companyNames.rejected;
    },

    /** The deployment's colleges with the company's standing at each (null: not asked yet). */
    async colleges(companyId: string): Promise<CompanyCollege[]> {
      const rows = await deps.companiesRepo.collegesFor(companyId);
      return rows.map((r) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        status: r.status === null ? null : companyStatusOf(r.status),
        statusReason: r.statusReason ?? '',
      }));
    },

    /**
     * The company asks a college to let it recruit there: it waits for that college's placement
     * cell (Pending there), whose staff are told. Asking again changes nothing, and says so.
     */
    async askCollege(actor: SessionAccount, collegeId: number): Promise<string> {
      const [college] = (await deps.companiesRepo.collegesFor(actor.id)).filter((c) => c.id === collegeId);
      if (!college) throw new NotFound(collegeMessages.noSuchCollege);
      const row = await deps.companiesRepo.findById(actor.id);
      if (!row) throw new NotFound(notFound.company);
      const asked = await deps.companiesRepo.ask(actor.id, collegeId, (staffId) => ({
        accountId: staffId,
        sender: row.company.name,
        title: companyCollegeMessages.newAskTitle,
        link: emailLinks.staffCompanies,
        body: companyCollegeMessages.newAskNotice(row.company.name),
      }));
      return asked
        ? companyCollegeMessages.asked(college.name)
        : companyCollegeMessages.alreadyAsked(college.name);
    },

    async getOwnRecord(accountId: string): Promise<CompanyRecord> {
      const row = await deps.companiesRepo.findById(accountId);
      if (!row) throw new NotFound(notFound.company);
      const { account, company } = row;
      return {
        _id: account.id,
        role: companyStatusOf(account.status),
        personalDetail: {
          firstName: account.firstName,
          lastName: account.lastName,
          staffID: company.staffId,
          emailID: account.email,
          phone: account.phone,
          profilePicture: fileUrl(account.profilePicture),
        },
        company: company.name,
        pendingName: company.pendingName,
        statusReason: company.statusReason,
        notifications: await deps.notificationsService.latest({
          id: account.id,
          role: 'company',
          status: account.status,
        }),
      };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
