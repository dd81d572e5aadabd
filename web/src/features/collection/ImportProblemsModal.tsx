import styled from 'styled-components';
import { Button, Modal, Stack, countOf } from '../../ui/index.ts';
import type { ImportProblem } from './api.ts';
import { cssVar } from '../../theme/cssVars.ts';

/** The most bad lines listed at once (the rest are counted). */
const LINES_SHOWN = 50;

const Lines = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 320px;
  overflow-y: auto;
  font-size: 14px;
  li { padding: 6px 0; border-bottom: 1px solid ${cssVar.colors.border}; }
`;

/** A refused CSV import: nothing was imported, and every bad line with its reason. */
export function ImportProblemsModal({ problems, onClose }: { problems: ImportProblem[]; onClose(): void }) {
  return (
    <Modal open title="Nothing was imported" onClose={onClose}>
      <Stack $gap={3}>
        <p style={{ margin: 0 }}>
          {countOf(problems.length, 'line')} of the file could not be imported, so none of it was. Correct {problems.length === 1 ? 'it' : 'them'} and import the file again.
        </p>
        <Lines aria-label="Lines that could not be imported">
          {problems.slice(0, LINES_SHOWN).map((problem) => (
            <li key={problem.line}>
              <strong>Line {problem.line}</strong>: {problem.reason}
            </li>
          ))}
        </Lines>
        {problems.length > LINES_SHOWN && <p style={{ margin: 0 }}>and {countOf(problems.length - LINES_SHOWN, 'more line')}</p>}
        <Stack $row $justify="flex-end">
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
