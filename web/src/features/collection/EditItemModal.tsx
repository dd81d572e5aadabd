import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { idempotent } from '../../api/client.ts';
import { collectionApi, collectionQueries, refreshCollectionViews, type CollectionItem, type Photo, type UpdateItem } from './api.ts';
import { DialogActions, FieldError, Modal, Muted, SelectField, Stack, TextareaField, TextField, useToast } from '../../ui/index.ts';
import { usePhotoUrl } from './usePhotoUrl.ts';
import { EDIT_CONDITIONS, conditionLabel, editChangesOf, editFormOf, editSizesOf, type EditForm } from './item-form.ts';
import { cssVar } from '../../theme/cssVars.ts';

const Thumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  img { width: 72px; height: 72px; object-fit: cover; border-radius: 8px; border: 1px solid ${cssVar.colors.border}; }
`;

function PhotoThumb({ photo }: { photo: Photo }) {
  const src = usePhotoUrl(photo);
  return src ? <img src={src} alt="Item photo" /> : <Muted>Photo</Muted>;
}

/** Edit Item: size, purchase price, condition, notes, and the item's photos. */
export function EditItemModal({ item, onClose }: { item: CollectionItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<EditForm>(() => editFormOf(item));
  const [error, setError] = useState<string | null>(null);
  const photos = useQuery(collectionQueries.photos(item.id));
  const set = (field: keyof EditForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const update = useMutation({
    mutationFn: idempotent((changes: UpdateItem, key: string) => collectionApi.update(item.id, changes, key)),
    onSuccess: () => {
      toast.show({ title: 'Item Updated', variant: 'success' });
      onClose();
    },
    onError: () => toast.show({ title: 'Failed to update item. Please try again.', variant: 'error', duration: 5_000 }),
    onSettled: () => refreshCollectionViews(queryClient),
  });

  const upload = useMutation({
    mutationFn: idempotent((args: { file: File }, key: string) => collectionApi.uploadPhoto(item.id, args.file, key)),
    onSuccess: () => refreshCollectionViews(queryClient),
    onError: (cause) => toast.show({ title: 'File upload failed', description: cause.message, variant: 'error', duration: 5_000 }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = editChangesOf(form, item);
    if ('error' in result) return setError(result.error);
    setError(null);
    // Nothing changed: nothing to save.
    if (Object.keys(result.changes).length === 0) return onClose();
    update.mutate(result.changes);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate({ file });
    event.target.value = '';
  };

  return (
    <Modal open title="Edit Item" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack $gap={3}>
          <Muted>{item.name}</Muted>
          {error && <FieldError role="alert">{error}</FieldError>}
          <Stack $row $gap={3}>
            <SelectField label="Size (US) *" value={form.size} onChange={(e) => set('size')(e.target.value)}>
              <option value="">Choose a size</option>
              {editSizesOf(item.size).map((size) => (
                <option key={size} value={String(size)}>
                  {size}
                </option>
              ))}
            </SelectField>
            <TextField label="Purchase price (USD) *" type="number" min={0} step="0.01" value={form.purchasePrice} onChange={(e) => set('purchasePrice')(e.target.value)} />
          </Stack>
          <SelectField label="Condition" value={form.condition} onChange={(e) => set('condition')(e.target.value)}>
            {EDIT_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabel(condition)}
              </option>
            ))}
          </SelectField>
          <TextareaField label="Notes" value={form.notes} onChange={(e) => set('notes')(e.target.value)} />
          <Stack $gap={2}>
            <strong>Photos</strong>
            {photos.data && photos.data.length > 0 ? (
              <Thumbs>
                {photos.data.map((photo) => (
                  <li key={photo.id}>
                    <PhotoThumb photo={photo} />
                  </li>
                ))}
              </Thumbs>
            ) : (
              <Muted>No photos yet.</Muted>
            )}
            <label>
              <span className="visually-hidden">Upload a photo</span>
              <input type="file" accept="image/jpeg,image/png,image/webp" onChange={pick} disabled={upload.isPending} aria-label="Upload a photo" />
            </label>
          </Stack>
          <DialogActions onCancel={onClose} busy={update.isPending} label="Save Changes" busyLabel="Saving..." />
        </Stack>
      </form>
    </Modal>
  );
}
