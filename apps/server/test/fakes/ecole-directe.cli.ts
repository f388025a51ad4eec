// Starts the fake EcoleDirecte school-administration API for browser tests and manual runs, with a
// collège's demo roster (twelve pupils in two classes, two teachers, and one pupil whose first name
// is longer than the import takes, as bad data in a real roster would be), serving any school:
//   npx tsx apps/server/test/fakes/ecole-directe.cli.ts [port] [token]
// The token is the argument, else ECOLE_DIRECTE_FAKE_TOKEN, else 'demo-token'. Prints the base URL
// to put in ECOLE_DIRECTE_URL; stops on SIGINT or SIGTERM.
// Modes switch with: curl -X POST http://127.0.0.1:{port}/__control/mode/{normal|forbidden|expired|garbage|http-error|slow|wrong-shape}
import { startFakeEcoleDirecte, type FakeEcoleDirectePupil } from './ecole-directe.js';

const port = Number(process.argv[2] ?? 0);
const token = process.argv[3] || process.env.ECOLE_DIRECTE_FAKE_TOKEN || 'demo-token';

const pupil = (id: number, nom: string, prenom: string, libelleClasse: string): FakeEcoleDirectePupil => ({
  id,
  nom,
  prenom,
  libelleClasse,
});

const fake = await startFakeEcoleDirecte({
  token,
  port,
  pupils: [
    pupil(4101, 'MARTIN', 'Léa', '6EME A'),
    pupil(4102, 'BERNARD', 'Hugo', '6EME A'),
    pupil(4103, 'THOMAS', 'Chloé', '6EME A'),
    pupil(4104, 'PETIT', 'Nathan', '6EME A'),
    pupil(4105, 'ROBERT', 'Manon', '6EME A'),
    pupil(4106, 'RICHARD', 'Lucas', '6EME A'),
    pupil(4107, 'DURAND', 'Emma', '5EME B'),
    pupil(4108, 'DUBOIS', 'Louis', '5EME B'),
    pupil(4109, 'MOREAU', 'Inès', '5EME B'),
    pupil(4110, 'LAURENT', 'Gabriel', '5EME B'),
    pupil(4111, 'SIMON', 'Jade', '5EME B'),
    pupil(4112, "N'DIAYE", 'Adam', '5EME B'),
    pupil(4113, 'GARNIER', `Anne-${'Marie'.repeat(60)}`, '5EME B'),
  ],
  teachers: [
    { id: 230, nom: 'LEROY', prenom: 'Claire' },
    { id: 231, nom: 'FOURNIER', prenom: 'Marc' },
  ],
});
console.log(fake.url);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
