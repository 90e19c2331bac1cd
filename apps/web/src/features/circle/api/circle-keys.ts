/** Every Inner Circle query starts with this key, so a change to the circle refreshes them all. */
export const circleKey = ['inner-circle'] as const;
