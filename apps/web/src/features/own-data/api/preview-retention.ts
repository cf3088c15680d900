import { ownDataApi } from '@portal/contracts/api/own-data';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Who the saved retention setting would erase now: the count and the first few. */
export const previewRetention = () => api.call(ownDataApi.previewRetention);

export const usePreviewRetention = () => useMutation({ mutationFn: previewRetention });
