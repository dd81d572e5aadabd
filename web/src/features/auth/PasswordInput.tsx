import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Field, Input } from '../../ui/index.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Wrap = styled.div`
  position: relative;
  button {
    position: absolute;
    right: 6px;
    top: 50%;
    transform: translateY(-50%);
    background: none;
    border: none;
    color: ${cssVar.colors.accent};
    cursor: pointer;
    font-size: 12px;
    font-weight: 600;
    padding: 4px 6px;
  }
  input { padding-right: 56px; }
`;

/** A password field with a show/hide toggle. */
export function PasswordInput({ label, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Wrap>
          <Input {...rest} {...props} type={visible ? 'text' : 'password'} />
          <button type="button" onClick={() => setVisible(!visible)} aria-label={visible ? 'Hide password' : 'Show password'} aria-pressed={visible}>
            {visible ? 'Hide' : 'Show'}
          </button>
        </Wrap>
      )}
    </Field>
  );
}
