import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen, stubApi } from '../../test/test-support.tsx';
import EmailTemplatesPage, { EMAIL_TEMPLATES } from './EmailTestsPage.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('email template tests', () => {
  it('lists the ten templates, tests them all with a count toast, and one at a time', async () => {
    const calls = stubApi({
      'POST /api/email-test/test-all-templates': { message: 'Sent', summary: { success: 9, failed: 1 }, results: EMAIL_TEMPLATES.map((template, i) => ({ template, status: i ? 'success' : 'failed', error: i ? null : 'SMTP down' })) },
      'POST /api/email-test/test-template/welcome': { message: 'Sent', summary: { success: 1, failed: 0 }, results: [{ template: 'welcome', status: 'success', error: null }] },
    });
    renderScreen(<EmailTemplatesPage />);
    expect(screen.getAllByRole('button', { name: /^Test [a-z]/ })).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Test All Templates' }));
    expect(await screen.findByText('9 sent, 1 failed')).toBeTruthy();
    expect(screen.getByText('SMTP down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test welcome' }));
    expect(await screen.findByText('1 sent, 0 failed')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/email-test/test-all-templates', '/api/email-test/test-template/welcome']);
  });

  it("shows the server's error text", async () => {
    stubApi({ 'POST /api/email-test/test-all-templates': () => ({ status: 503, body: { message: 'Email queue is unavailable', code: 'UNAVAILABLE' } }) });
    renderScreen(<EmailTemplatesPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Test All Templates' }));
    expect(await screen.findByText('Email queue is unavailable')).toBeTruthy();
  });
});
