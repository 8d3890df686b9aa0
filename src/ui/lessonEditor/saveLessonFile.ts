import { saveFile } from '../saveFile';

interface SavePickerWindow {
  showSaveFilePicker?: (options: object) => Promise<FileSystemFileHandle>;
}

/** How a save went: written to a file chosen (and its name), handed to the browser as a download, or not wanted. */
export type SaveOutcome =
  { kind: 'written'; name: string } | { kind: 'downloaded'; name: string } | { kind: 'cancelled' };

/**
 * Writes a lesson's text to a file: through the File System Access save picker where the browser
 * has one (the author chooses where, and the name), else as a download under `name`.
 */
export async function saveLessonFile(text: string, name: string): Promise<SaveOutcome> {
  const picker = (window as SavePickerWindow).showSaveFilePicker;
  const blob = new Blob([text], { type: 'text/yaml' });
  if (!picker) {
    saveFile(blob, name);
    return { kind: 'downloaded', name };
  }
  let handle: FileSystemFileHandle;
  try {
    handle = await picker({
      suggestedName: name,
      types: [
        { description: 'Lesson files', accept: { 'text/yaml': ['.yaml', '.yml'], 'application/json': ['.json'] } },
      ],
    });
  } catch (error) {
    // Closing the picker is a choice, not a failure; anything else is said by the caller.
    if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'cancelled' };
    throw error;
  }
  const writable = await handle.createWritable();
  await writable.write(blob);
  await writable.close();
  return { kind: 'written', name: handle.name };
}
