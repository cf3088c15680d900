import { studentImportsApi } from '@portal/contracts/api/student-imports';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Drops a previewed import; nothing is changed. */
export const discardImport = (id: string) => api.call(studentImportsApi.discard, { params: { id } });

export const useDiscardImport = () => useMutation({ mutationFn: discardImport });
