/**
 * An answer already written as JSON (by SQL, say) that stands for a `T`: the answer cache keeps and
 * sends these bytes as they are, with no parse, no check against the route's schema and no
 * serialization. Whoever makes one answers for its text being exactly what `T` would serialize to;
 * tests compare the two.
 */
export class JsonText<T> {
  private declare readonly stands: T;

  constructor(readonly text: string) {}
}
