import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import { FeedbackButton } from './index.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('feedback modal', () => {
  it('requires a message, shows the email field when signed out, and thanks on success', async () => {
    const calls = stubApi({ 'POST /api/feedback': { id: 'f1' } });
    renderScreen(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Please enter your feedback')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Love the charts' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'fan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Feedback Submitted')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ message: 'Love the charts', email: 'fan@example.com' });
  });

  it('says when sending failed', async () => {
    stubApi({ 'POST /api/feedback': () => ({ status: 500, body: {} }) });
    renderScreen(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() => expect(screen.getByText('Failed to submit feedback. Please try again.')).toBeTruthy());
  });
});
