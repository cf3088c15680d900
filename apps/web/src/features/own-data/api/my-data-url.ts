import { ownDataApi } from '@portal/contracts/api/own-data';
import { api } from '../../../lib/api-client.ts';

/**
 * The student's data as a ZIP. The browser downloads it straight from this address (a link with
 * `download`), so the file is streamed to disk and never held in the page's memory.
 */
export const myDataUrl = api.href(ownDataApi.myData);
