import { z } from 'zod';
import { closedObject, idParam } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { eligibilityDraft } from '../jobs.ts';
import {
  mapDegreeBody,
  programme,
  programmeInput,
  programmeList,
  retireBody,
  unmappedDegreeList,
} from '../programmes.ts';

/** What a catalogue import answers: the counts, or the rows' errors (then nothing was saved). */
export const programmeImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type ProgrammeImportResult = z.infer<typeof programmeImportResult>;

/** The college's programmes: the catalogue staff keep, the texts left to map, the live eligible count. */
export const programmesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/programmes',
    access: ['student', 'college-staff', 'company'],
    summary: "The college's programmes, retired ones included (marked), by degree and branch",
    response: programmeList,
  }),

  add: endpoint({
    method: 'POST',
    path: '/api/college-staff/programmes',
    access: ['college-staff'],
    summary: 'Add a programme to the catalogue (the code is unique)',
    body: programmeInput,
    response: programme,
    status: 201,
  }),

  edit: endpoint({
    method: 'PUT',
    path: '/api/college-staff/programmes/:id',
    access: ['college-staff'],
    summary: 'Change a programme; its code only while no student holds it and no job targets it',
    params: idParam,
    body: programmeInput,
    response: programme,
  }),

  retire: endpoint({
    method: 'PUT',
    path: '/api/college-staff/programmes/:id/retired',
    access: ['college-staff'],
    summary: 'Retire a programme (kept for its students, no longer offered) or offer it again',
    params: idParam,
    body: retireBody,
    response: programme,
  }),

  import: endpoint({
    method: 'POST',
    path: '/api/college-staff/programmes/import',
    access: ['college-staff'],
    summary:
      'Import the catalogue from CSV text (Code, Level, Degree, Branch, Duration): adds new codes, updates known ones; nothing is saved when any row has an error',
    body: closedObject({
      csv: z.string().max(1_000_000, { error: 'The file is too large (at most 1 MB).' }),
    }),
    response: programmeImportResult,
  }),

  unmapped: endpoint({
    method: 'GET',
    path: '/api/college-staff/unmappedDegrees',
    access: ['college-staff'],
    summary: 'Degree texts of students who have no programme, with how many hold each (the 200 most held)',
    response: unmappedDegreeList,
  }),

  map: endpoint({
    method: 'POST',
    path: '/api/college-staff/unmappedDegrees',
    access: ['college-staff'],
    summary:
      'Map a degree text to a programme: every student without a programme who wrote it gets it (audited)',
    body: mapDegreeBody,
    response: z.string(),
  }),

  eligibleCount: endpoint({
    method: 'POST',
    path: '/api/jobs/eligibleCount',
    access: ['company', 'college-staff'],
    summary: "How many students a job's draft criteria reach (the job form's live count)",
    body: eligibilityDraft,
    response: z.object({ count: z.number().int() }),
  }),
};
