import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotent } from '../../api/client.ts';
import { collectionApi, refreshCollectionViews, type CreateItem } from './api.ts';
import { addFailureOf } from './add-errors.ts';
import { useCollectionLimitPrompt } from './useCollectionLimitPrompt.ts';
import { DialogActions, FieldError, Modal, SelectField, Stack, TextField, todayIso, useToast } from '../../ui/index.ts';
import { ADD_BRANDS, ADD_CONDITIONS, DEFAULT_COLORWAY, DEFAULT_SIZE, EDIT_SIZES, addItemOf, conditionLabel, type AddForm } from './item-form.ts';

const ADD_ITEM_FAILED = 'Failed to add item to collection. Please try again.';

/** Add Item: name, brand, colorway, size, purchase price, purchase date, condition. */
export function AddItemModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const openLimitPrompt = useCollectionLimitPrompt();
  const blank: AddForm = { name: '', brand: '', colorway: DEFAULT_COLORWAY, size: String(DEFAULT_SIZE), purchasePrice: '', purchaseDate: todayIso(), condition: 'new' };
  const [form, setForm] = useState<AddForm>(blank);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof AddForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const add = useMutation({
    mutationFn: idempotent((item: CreateItem, key: string) => collectionApi.add(item, key)),
    onSuccess: () => {
      toast.show({ title: 'Item Added', variant: 'success' });
      setForm(blank);
      onClose();
    },
    onError: (cause) => {
      if (addFailureOf(cause).kind === 'prompt') {
        onClose();
        void openLimitPrompt();
      } else toast.show({ title: ADD_ITEM_FAILED, description: cause.message, variant: 'error', duration: 5_000 });
    },
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = addItemOf(form, todayIso());
    if ('error' in result) return setError(result.error);
    setError(null);
    add.mutate(result.item);
  };

  return (
    <Modal open={open} title="Add Item" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack $gap={3}>
          {error && <FieldError role="alert">{error}</FieldError>}
          <TextField label="Name *" value={form.name} onChange={(e) => set('name')(e.target.value)} />
          <SelectField label="Brand *" value={form.brand} onChange={(e) => set('brand')(e.target.value)}>
            <option value="">Choose a brand</option>
            {ADD_BRANDS.map((brand) => (
              <option key={brand}>{brand}</option>
            ))}
          </SelectField>
          <TextField label="Colorway" value={form.colorway} onChange={(e) => set('colorway')(e.target.value)} />
          <Stack $row $gap={3}>
            <SelectField label="Size (US)" value={form.size} onChange={(e) => set('size')(e.target.value)}>
              {EDIT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </SelectField>
            <TextField label="Purchase price (USD) *" inputMode="decimal" min={0} value={form.purchasePrice} onChange={(e) => set('purchasePrice')(e.target.value)} />
          </Stack>
          <Stack $row $gap={3}>
            <TextField label="Purchase date" type="date" value={form.purchaseDate} onChange={(e) => set('purchaseDate')(e.target.value)} />
            <SelectField label="Condition" value={form.condition} onChange={(e) => set('condition')(e.target.value)}>
              {ADD_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {conditionLabel(condition)}
                </option>
              ))}
            </SelectField>
          </Stack>
          <DialogActions onCancel={onClose} busy={add.isPending} label="Add Item" busyLabel="Adding..." />
        </Stack>
      </form>
    </Modal>
  );
}
