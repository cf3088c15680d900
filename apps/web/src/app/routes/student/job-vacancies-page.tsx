import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { VacancyList } from '../../../features/jobs/components/vacancy-list.tsx';
import { DebarmentNotice } from '../../../features/students/components/debarment-notice.tsx';
import { WithStudent } from './with-student.tsx';

/**
 * The open jobs. A chunk of its own, without the other student pages' forms and with no schema
 * library: it is placement day's busiest page, and the one the server sends rendered
 * (app/render-pages.tsx), whose scripts the phone runs before it can use it.
 */
export function JobVacanciesPage() {
  return (
    <>
      <PageHeading title="Job Vacancies">Open positions from companies hiring at your college.</PageHeading>
      <WithStudent>
        {(student) =>
          student.debarment && (
            <div className="mb-6">
              <DebarmentNotice debarment={student.debarment} />
            </div>
          )
        }
      </WithStudent>
      <VacancyList />
    </>
  );
}
