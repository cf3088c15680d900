import { parse } from 'csv-parse/sync';
import type { ProgrammeImportResult } from '@portal/contracts/api/programmes';
import { mayPostJobsAt } from '@portal/contracts/companies';
import { programmes as messages } from '@portal/contracts/messages';
import {
  type MapDegree,
  matchKey,
  type Programme,
  programmeInput,
  type ProgrammeInput,
  programmeName,
  type UnmappedDegree,
} from '@portal/contracts/programmes';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import { eligibleStudentSql } from '../eligibility/eligibility.ts';
import type { ProgrammesReader } from './programmes.read.ts';
import type { ProgrammesRepo, ProgrammeValues } from './programmes.repo.ts';

type Row = NonNullable<Awaited<ReturnType<ProgrammesRepo['find']>>>;
type Input = z.output<typeof programmeInput>;

/** The "Unmapped degrees" screen lists at most this many texts, most held first. */
export const UNMAPPED_SHOWN = 200;
/** A catalogue file holds at most this many programmes. */
export const IMPORT_MAX_ROWS = 500;

const toProgramme = ({ programme: p, students }: Row): Programme => ({
  _id: p.id,
  code: p.code,
  level: p.level,
  degree: p.degree,
  branch: p.branch,
  name: programmeName(p),
  durationYears: p.durationYears,
  retired: p.retiredAt !== null,
  students,
});

const valuesOf = (input: Input): ProgrammeValues => ({
  code: input.code,
  level: input.level,
  degree: input.degree,
  branch: input.branch,
  durationYears: input.durationYears,
});

/** The catalogue file's columns, by header (any case; these names or the field's own). */
const importHeaders: Record<keyof Input, string[]> = {
  code: ['code', 'programme code', 'program code'],
  level: ['level', 'degree level'],
  degree: ['degree'],
  branch: ['branch', 'specialisation', 'specialization'],
  durationYears: ['duration', 'duration (years)', 'years', 'durationyears', 'duration years'],
};

/**
 * The college's programmes: staff keep the catalogue (add, edit, retire; never delete one a
 * student holds), import it from CSV, and map the degree texts no programme matched.
 */
export function createProgrammesService(deps: {
  programmesRepo: ProgrammesRepo;
  programmesReader: ProgrammesReader;
  academicRecordsService: Pick<AcademicRecordsService, 'settings'>;
  clock: Clock;
}) {
  const { programmesRepo: repo } = deps;

  async function found(id: string): Promise<Row> {
    const row = await repo.find(id);
    if (!row) throw new NotFound(messages.notFound);
    return row;
  }

  return {
    /**
     * The college's catalogue; a company's: the catalogues of the colleges it may post jobs to,
     * one entry a code (a job's target is a code, which each college's catalogue gives meaning to),
     * offered while any of those colleges offers it, with their students together.
     */
    async list(account: Pick<SessionAccount, 'id' | 'role'>): Promise<Programme[]> {
      if (account.role !== 'company') return (await repo.list()).map(toProgramme);
      const standings = await repo.companyStandings(account.id);
      const rows = await repo.listAt(standings.filter((c) => mayPostJobsAt(c.status)).map((c) => c.id));
      const byCode = new Map<string, Programme>();
      for (const programme of rows.map(toProgramme)) {
        const seen = byCode.get(programme.code);
        byCode.set(
          programme.code,
          seen
            ? {
                ...seen,
                retired: seen.retired && programme.retired,
                students: seen.students + programme.students,
              }
            : programme,
        );
      }
      return [...byCode.values()];
    },

    async add(input: Input): Promise<Programme> {
      const id = await repo.insert(valuesOf(input));
      if (id === null) throw new Conflict(messages.codeTaken(input.code));
      await repo.remapUnmapped();
      return toProgramme(await found(id));
    },

    /** A code held by students or targeted by jobs stays (eligibility compares it): 409. */
    async edit(id: string, input: Input): Promise<Programme> {
      const row = await found(id);
      if (input.code !== row.programme.code) {
        if (row.students > 0 || (await repo.targetedByJobs(row.programme.code))) {
          throw new Conflict(messages.codeInUse(row.programme.code));
        }
        if (await repo.findByCode(input.code)) throw new Conflict(messages.codeTaken(input.code));
      }
      await repo.update(id, valuesOf(input));
      await repo.remapUnmapped();
      return toProgramme(await found(id));
    },

    async setRetired(id: string, retired: boolean): Promise<Programme> {
      await found(id);
      await repo.setRetired(id, retired ? deps.clock.now() : null);
      return toProgramme(await found(id));
    },

    /**
     * Reads a CSV catalogue (Code, Level, Degree, Branch, Duration) and adds or updates each row by
     * code, all or nothing: any row's error (shown with its row and column) saves nothing.
     */
    async importCsv(csv: string): Promise<ProgrammeImportResult> {
      let records: string[][];
      try {
        records = parse(csv.replace(/^\uFEFF/, ''), {
          skip_empty_lines: true,
          relax_column_count: true,
          trim: true,
        });
      } catch {
        throw new BadRequest(messages.importUnreadable);
      }
      const [header, ...rows] = records;
      if (!header) throw new BadRequest(messages.importEmpty);
      if (rows.length > IMPORT_MAX_ROWS) throw new BadRequest(messages.importTooLong(IMPORT_MAX_ROWS));
      const columnOf = new Map<keyof Input, number>();
      header.forEach((name, index) => {
        const field = (Object.keys(importHeaders) as (keyof Input)[]).find((f) =>
          importHeaders[f].includes(name.trim().toLowerCase()),
        );
        if (field && !columnOf.has(field)) columnOf.set(field, index);
      });
      const missing = (['code', 'level', 'degree', 'durationYears'] as const).filter((f) => !columnOf.has(f));
      if (missing.length > 0) throw new BadRequest(messages.importColumns);

      const errors: ProgrammeImportResult['errors'] = [];
      const values: ProgrammeValues[] = [];
      const seen = new Map<string, number>();
      rows.forEach((cells, index) => {
        const row = index + 2;
        const cell = (f: keyof Input) => cells[columnOf.get(f) ?? -1] ?? '';
        const duration = cell('durationYears');
        const candidate: ProgrammeInput = {
          code: cell('code'),
          level: cell('level') as ProgrammeInput['level'],
          degree: cell('degree'),
          branch: cell('branch'),
          durationYears: duration === '' || !/^\d+$/.test(duration) ? Number.NaN : Number(duration),
        };
        const parsed = programmeInput.safeParse(candidate);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as keyof Input;
            errors.push({
              row,
              column: header[columnOf.get(field) ?? -1] ?? String(field),
              message: issue.message,
            });
          }
          return;
        }
        const earlier = seen.get(parsed.data.code);
        if (earlier !== undefined) {
          errors.push({
            row,
            column: header[columnOf.get('code')!]!,
            message: messages.codeRepeated(earlier),
          });
          return;
        }
        seen.set(parsed.data.code, row);
        values.push(valuesOf(parsed.data));
      });
      if (errors.length > 0) return { created: 0, updated: 0, errors };
      return { ...(await repo.upsertAll(values)), errors: [] };
    },

    async unmapped(): Promise<UnmappedDegree[]> {
      return repo.unmapped(UNMAPPED_SHOWN);
    },

    /** Staff pick the programme a degree text means; every student without one who wrote it gets it. */
    async map(actor: SessionAccount, body: MapDegree & { code: string }): Promise<string> {
      const target = await repo.findByCode(body.code);
      if (!target) throw new NotFound(messages.unknownCode(body.code));
      const key = matchKey(body.text);
      if (key === '') throw new BadRequest(messages.mapText);
      const name = programmeName(target.programme);
      const n = await repo.map(body.text.trim(), key, target.programme.id, name, {
        id: actor.id,
        name: actor.name,
      });
      return messages.mapped(body.text.trim(), name, n);
    },

    /**
     * How many students in good standing a job's draft criteria reach, by the rule Apply uses: a
     * staff member's college's; a company's, those of the draft's colleges that allow it (none
     * named: every one that does), its programmes read in their catalogues.
     */
    async eligibleCount(
      account: Pick<SessionAccount, 'role' | 'collegeId' | 'recruitsAt'>,
      draft: {
        minCgpa: number | null;
        eligibleDegrees: string[];
        eligibleProgrammes: string[];
        eligibleYears: number[];
        colleges: number[];
      },
    ): Promise<{ count: number }> {
      const colleges =
        account.role !== 'company'
          ? account.collegeId === null
            ? []
            : [account.collegeId]
          : draft.colleges.length === 0
            ? [...account.recruitsAt]
            : draft.colleges.filter((id) => account.recruitsAt.includes(id));
      // No college to count in (a company no college allows yet, or none of its ticked ones):
      // nobody is reached, and there is no catalogue to read the programmes in.
      if (colleges.length === 0) return { count: 0 };
      const { targets } = await deps.programmesReader.targets(draft, colleges);
      const settings = await deps.academicRecordsService.settings();
      const count = await repo.countEligible(
        eligibleStudentSql(
          { minCgpa: draft.minCgpa, eligibleProgrammes: targets, eligibleYears: draft.eligibleYears },
          settings,
        ),
        colleges,
      );
      return { count };
    },
  };
}
export type ProgrammesService = ReturnType<typeof createProgrammesService>;
