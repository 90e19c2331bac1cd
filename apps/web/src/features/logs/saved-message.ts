/** Says so when outside data (weather, waterflow) is still on its way, so a blank panel is expected. */
export function savedMessage(done: string, pending: readonly string[]): string {
  if (pending.length === 0) return done;
  return `${done} Its ${pending.join(' and ')} data is still being fetched and will appear shortly.`;
}
