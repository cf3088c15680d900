import { currentCollege } from '../colleges.ts';
import { endpoint } from '../endpoint.ts';

/** The colleges of the deployment, as pages without a session need them. */
export const collegesApi = {
  current: endpoint({
    method: 'GET',
    path: '/api/colleges/current',
    access: 'public',
    summary:
      "The college the sign-in and sign-up pages are about: the signed-in account's, the one a `/c/<slug>/` address chose, or the first",
    response: currentCollege,
  }),
};
