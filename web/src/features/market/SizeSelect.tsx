import { Select } from '../../ui/index.ts';

/** A US size picker; with `overview`, an 'Overview (All Sizes)' choice that stands for no size. */
export function SizeSelect({ sizes, value, onChange, label, overview = false }: { sizes: number[]; value: number | null; onChange(size: number | null): void; label: string; overview?: boolean }) {
  return (
    <Select value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} aria-label={label}>
      {overview && <option value="">Overview (All Sizes)</option>}
      {sizes.map((s) => (
        <option key={s} value={s}>
          US {s}
        </option>
      ))}
    </Select>
  );
}
