/** A file the user picked, read as JSON: its value, or what is wrong with it in a sentence naming the file. */
export async function readJsonFile(file: File): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  try {
    return { ok: true, value: JSON.parse(await file.text()) as unknown };
  } catch (err) {
    return { ok: false, message: `${file.name} is not JSON: ${(err as Error).message}` };
  }
}
