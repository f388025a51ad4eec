export type ProfileCounts = {
  pupils: number;
  teachers: number;
  schoolAdministrators: number;
  managers: number;
  administrators: number;
};

/**
 * How many users of each profile make `total`: pupils about 90%, teachers about 8%, staff the
 * rest (mostly school administrators, a tenth managers, a handful of administrators). Sums to `total`.
 */
export function splitProfiles(total: number): ProfileCounts {
  const pupils = Math.round(total * 0.9);
  const teachers = Math.min(total - pupils, Math.round(total * 0.08));
  const staff = total - pupils - teachers;
  const administrators = staff === 0 ? 0 : Math.max(1, Math.min(50, Math.round(staff * 0.005)));
  const managers = Math.round((staff - administrators) * 0.1);
  return { pupils, teachers, schoolAdministrators: staff - administrators - managers, managers, administrators };
}

/** Splits `total` in proportion to `weights` (largest remainders), so that the parts sum to `total` exactly. */
export function spreadByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((accumulator, weight) => accumulator + weight, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) throw new Error('weights must add up to more than 0');
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let missing = total - parts.reduce((accumulator, part) => accumulator + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    parts[index] = (parts[index] as number) + 1;
    missing -= 1;
  }
  return parts;
}
