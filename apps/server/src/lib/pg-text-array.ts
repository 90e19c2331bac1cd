/** A text[] literal ('{"a","b"}') for one SQL parameter, cast to text[] by PostgreSQL. */
export function pgTextArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
