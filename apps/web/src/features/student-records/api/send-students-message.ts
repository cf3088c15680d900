import { messagingApi } from '@portal/contracts/api/messaging';
import type { MessageText } from '@portal/contracts/messaging';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StudentFilters } from './get-students.ts';
import { messageFilters } from './preview-students-message.ts';

/** Sends one message to every student the list's filters choose; resolves to the server's count. */
export const sendStudentsMessage = ({ filters, text }: { filters: StudentFilters; text: MessageText }) =>
  api.call(messagingApi.sendToStudents, { body: { ...text, filters: messageFilters(filters) } });

export const useSendStudentsMessage = () => useMutation({ mutationFn: sendStudentsMessage });
