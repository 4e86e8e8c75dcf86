/**
 * The engine reports a type alias (`type Id = string`) as a Variable, which misleads both readers
 * and `--kind`. The keyword right before the name tells them apart.
 */
export function refineKind(kind: string, lineText: string | undefined, nameCharacter: number): string {
  if (kind !== 'Variable' && kind !== 'Constant') return kind;
  const before = (lineText ?? '').slice(0, Math.max(0, nameCharacter - 1));
  return /(?:^|[\s;{])type\s+$/.test(before) ? 'TypeAlias' : kind;
}
