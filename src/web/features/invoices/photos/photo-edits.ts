// The photos of an invoice while its edit form is open (spec invoice-work §3 "Photo entry",
// §4 "Photos"): the saved ones by storage path, the new ones held locally ('Nova') until the
// invoice is saved, and the saved ones the user removed, applied on save.

export type SavedPhotoEntry = { id: string; path: string; file?: undefined };
export type NewPhotoEntry = { id: string; file: File; path?: undefined };
export type PhotoEntry = SavedPhotoEntry | NewPhotoEntry;

export type PhotoEdits = {
  /** What the form shows, in order: the saved photos, then the new ones. */
  entries: PhotoEntry[];
  /** Saved photos taken off the list, deleted when the invoice is saved. */
  removed: string[];
};

export const isNewPhoto = (entry: PhotoEntry): entry is NewPhotoEntry => entry.file !== undefined;

const savedEntry = (path: string): SavedPhotoEntry => ({ id: path, path });

export function photoEditsFrom(paths: readonly string[]): PhotoEdits {
  return { entries: paths.map(savedEntry), removed: [] };
}

export function addNewPhoto(edits: PhotoEdits, file: File, id: string): PhotoEdits {
  return { ...edits, entries: [...edits.entries, { id, file }] };
}

/** An unsaved photo goes at once; a saved one is remembered for deletion on save. */
export function removePhotoEntry(edits: PhotoEdits, id: string): PhotoEdits {
  const entry = edits.entries.find((candidate) => candidate.id === id);
  if (!entry) return edits;
  const entries = edits.entries.filter((candidate) => candidate.id !== id);
  return isNewPhoto(entry)
    ? { ...edits, entries }
    : { entries, removed: [...edits.removed, entry.path] };
}

export function hasPhotoChanges(edits: PhotoEdits): boolean {
  return edits.removed.length > 0 || edits.entries.some(isNewPhoto);
}

/** The form's state once `imagePaths` are stored and the rest is still to do. */
export function remainingPhotoEdits(
  imagePaths: readonly string[],
  unsaved: readonly NewPhotoEntry[],
  removed: readonly string[],
): PhotoEdits {
  return {
    entries: [...imagePaths.filter((path) => !removed.includes(path)).map(savedEntry), ...unsaved],
    removed: [...removed],
  };
}
