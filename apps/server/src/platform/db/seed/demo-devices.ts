import type { PlannedUser } from './demo-users.js';
import type { Random } from './random.js';

/** A demo device before it reaches the database; `modifiedMinutesAgo` is relative to the seeding time. */
export type PlannedDevice = {
  login: string;
  model: string;
  operatingSystem: string;
  availableSpace: number;
  applicationVersion: string;
  token: string;
  modifiedMinutesAgo: number;
};

const MODELS: [string, string][] = [
  ['iPad (9e génération)', 'iPadOS 17.6'],
  ['iPad Air (5e génération)', 'iPadOS 18.1'],
  ['Galaxy Tab A8', 'Android 14'],
  ['Lenovo Tab M10', 'Android 13'],
];

/**
 * The demo's devices: one tablet for each pupil or teacher holding a tablet number, and always
 * one for the demo accounts given, so that the user page shows a device and the empty message
 * for others.
 */
export function planDemoDevices(random: Random, planned: readonly PlannedUser[], alwaysFor: readonly string[]): PlannedDevice[] {
  return planned
    .filter(
      (user) =>
        (user.profile === 'Eleve' || user.profile === 'Enseignant') &&
        (user.tabletNumber !== null || alwaysFor.includes(user.login)),
    )
    .map((user) => {
      const [model, operatingSystem] = random.pick(MODELS);
      return {
        login: user.login,
        model,
        operatingSystem,
        availableSpace: random.integer(1_500, 60_000),
        applicationVersion: `3.${random.integer(0, 4)}.${random.integer(0, 9)}`,
        token: Array.from({ length: 4 }, () => random.integer(0x1000_0000, 0xffff_ffff).toString(16)).join(''),
        modifiedMinutesAgo: random.integer(60, 60 * 24 * 60),
      };
    });
}
