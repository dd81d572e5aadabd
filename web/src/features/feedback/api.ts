import { api } from '../../api/client.ts';

/** Sends the feedback form (signed in or not). */
export const submitFeedback = (body: { message: string; email?: string }) => api.post<unknown>('/feedback', body);
