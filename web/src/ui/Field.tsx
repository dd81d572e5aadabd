import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { cssVar } from '../theme/cssVars.ts';

const control = css`
  width: 100%;
  padding: 8px 12px;
  border-radius: ${cssVar.radius.control};
  border: 1px solid ${cssVar.colors.border};
  background: ${cssVar.colors.surface};
  color: ${cssVar.colors.text};
  min-height: 38px;
  &[aria-invalid='true'] { border-color: ${cssVar.colors.loss}; }
  &:disabled { opacity: 0.6; }
`;

export const Input = styled.input`${control}`;
export const Select = styled.select`${control}`;
const Textarea = styled.textarea`${control} min-height: 80px; resize: vertical;`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { font-weight: 600; font-size: 13px; }
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${cssVar.colors.loss};
  font-size: 13px;
`;

const Hint = styled.p`
  margin: 0;
  color: ${cssVar.colors.textMuted};
  font-size: 12px;
`;

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, a control, and its error text tied to the control with aria-describedby. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Wrapper>
  );
}

type Labelled<T> = T & { label: ReactNode; error?: string | null; hint?: ReactNode };

export const TextField = ({ label, error, hint, ...rest }: Labelled<InputHTMLAttributes<HTMLInputElement>>) => (
  <Field label={label} error={error} hint={hint}>
    {(props) => <Input {...rest} {...props} />}
  </Field>
);

export const SelectField = ({ label, error, hint, children, ...rest }: Labelled<SelectHTMLAttributes<HTMLSelectElement>>) => (
  <Field label={label} error={error} hint={hint}>
    {(props) => (
      <Select {...rest} {...props}>
        {children}
      </Select>
    )}
  </Field>
);

export const TextareaField = ({ label, error, hint, ...rest }: Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>) => (
  <Field label={label} error={error} hint={hint}>
    {(props) => <Textarea {...rest} {...props} />}
  </Field>
);

export const Checkbox = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  cursor: pointer;
  input { width: 16px; height: 16px; accent-color: ${cssVar.colors.accent}; }
`;
