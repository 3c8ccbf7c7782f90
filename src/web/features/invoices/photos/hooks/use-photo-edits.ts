import { useCallback, useState } from 'react';
import { addNewPhoto, photoEditsFrom, removePhotoEntry, type PhotoEdits } from '../photo-edits.ts';

let nextNewPhotoId = 0;

/** The edit form's photos: what it started from, plus the user's additions and removals. */
export function usePhotoEdits(paths: readonly string[]) {
  // Like the form's fields: a refetch of the invoice meanwhile does not move them.
  const [edits, setEdits] = useState<PhotoEdits>(() => photoEditsFrom(paths));
  const add = useCallback((file: File) => {
    nextNewPhotoId += 1;
    const id = `nova-${nextNewPhotoId}`;
    setEdits((current) => addNewPhoto(current, file, id));
  }, []);
  const remove = useCallback((id: string) => {
    setEdits((current) => removePhotoEntry(current, id));
  }, []);
  return { edits, add, remove, replace: setEdits };
}
