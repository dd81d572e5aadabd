import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../session/index.ts';
import { submitFeedback } from './api.ts';
import { Button, Modal, Stack, TextField, TextareaField, useToast } from '../../ui/index.ts';

const FEEDBACK_MESSAGES = {
  required: 'Please enter your feedback',
  failed: 'Failed to submit feedback. Please try again.',
  submitted: 'Feedback Submitted',
} as const;

/** The feedback form: a required message, and an email only when nobody is signed in (spec 3 §2.9). */
function FeedbackModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { user, isAuthenticated } = useSession();
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => {
      toast.show({ title: FEEDBACK_MESSAGES.submitted, description: 'Thank you for helping us improve Kicksight.' });
      setMessage('');
      onClose();
    },
    onError: () => toast.show({ title: FEEDBACK_MESSAGES.failed, variant: 'error', duration: 5_000 }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(FEEDBACK_MESSAGES.required);
      return;
    }
    send.mutate({ message: message.trim(), ...(!isAuthenticated && email.trim() ? { email: email.trim() } : {}) });
  };
  return (
    <Modal open={open} title="Send Feedback" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack $gap={3}>
          <TextareaField
            label="Your feedback"
            value={message}
            rows={5}
            maxLength={5000}
            error={error}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
          />
          {!isAuthenticated && <TextField label="Email (optional)" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          <Stack $row $gap={2} $justify="flex-end">
            <Button type="button" $variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Feedback'}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}

/** Opens the feedback modal. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
        Feedback
      </Button>
      <FeedbackModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
